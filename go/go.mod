module mpi4all.org/go

go 1.22
