package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.mpi4all.ffi.MPI_Group;
import org.mpi4all.ffi.Mpi;

/** An {@code MPI_Group}. */
public final class Group implements Freeable {
    MPI_Group handle;

    Group(MPI_Group handle) {
        this.handle = handle;
    }

    /** A group made by {@code make}, which stores the new handle in the memory it is given. */
    interface Maker {
        void make(Arena arena, MemorySegment group) throws MPIException;
    }

    static Group make(Maker maker) throws MPIException {
        return new Group(Native.get(arena -> {
            MemorySegment group = MPI_Group.allocate(arena);
            maker.make(arena, group);
            return MPI_Group.read(group);
        }));
    }

    public int getSize() throws MPIException {
        return Native.get(arena -> {
            MemorySegment size = arena.allocate(JAVA_INT);
            Mpi.MPI_Group_size(handle, size);
            return Native.intAt(size);
        });
    }

    /** This process's rank in the group, or {@code MPI.UNDEFINED}. */
    public int getRank() throws MPIException {
        return Native.get(arena -> {
            MemorySegment rank = arena.allocate(JAVA_INT);
            Mpi.MPI_Group_rank(handle, rank);
            return Native.intAt(rank);
        });
    }

    @Override
    public void free() throws MPIException {
        if (isNull()) {
            return;
        }
        handle = Native.get(arena -> {
            MemorySegment group = MPI_Group.allocate(arena);
            MPI_Group.write(group, 0, handle);
            Mpi.MPI_Group_free(group);
            return MPI_Group.read(group);
        });
    }

    public boolean isNull() {
        return handle.equals(Mpi.MPI_GROUP_NULL);
    }

    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) throws MPIException {
        return Native.get(arena -> {
            MemorySegment ranks2 = arena.allocate(JAVA_INT, Math.max(1, ranks1.length));
            Mpi.MPI_Group_translate_ranks(group1.handle, ranks1.length, Native.ints(arena, ranks1), group2.handle,
                    ranks2);
            return Native.toInts(ranks2.asSlice(0, 4L * ranks1.length));
        });
    }

    /** {@code MPI.IDENT}, {@code MPI.SIMILAR} or {@code MPI.UNEQUAL}. */
    public static int compare(Group group1, Group group2) throws MPIException {
        return Native.get(arena -> {
            MemorySegment result = arena.allocate(JAVA_INT);
            Mpi.MPI_Group_compare(group1.handle, group2.handle, result);
            return Native.intAt(result);
        });
    }

    public static Group union(Group group1, Group group2) throws MPIException {
        return make((arena, group) -> Mpi.MPI_Group_union(group1.handle, group2.handle, group));
    }

    public static Group intersection(Group group1, Group group2) throws MPIException {
        return make((arena, group) -> Mpi.MPI_Group_intersection(group1.handle, group2.handle, group));
    }

    public static Group difference(Group group1, Group group2) throws MPIException {
        return make((arena, group) -> Mpi.MPI_Group_difference(group1.handle, group2.handle, group));
    }

    public Group incl(int[] ranks) throws MPIException {
        return make((arena, group) -> Mpi.MPI_Group_incl(handle, ranks.length, Native.ints(arena, ranks), group));
    }

    public Group excl(int[] ranks) throws MPIException {
        return make((arena, group) -> Mpi.MPI_Group_excl(handle, ranks.length, Native.ints(arena, ranks), group));
    }

    /** The ranks {@code first, first+stride, ... <= last} of each triplet {first, last, stride}. */
    public Group rangeIncl(int[][] ranges) throws MPIException {
        return make((arena, group) -> Mpi.MPI_Group_range_incl(handle, ranges.length, triplets(arena, ranges), group));
    }

    public Group rangeExcl(int[][] ranges) throws MPIException {
        return make((arena, group) -> Mpi.MPI_Group_range_excl(handle, ranges.length, triplets(arena, ranges), group));
    }

    private static MemorySegment triplets(Arena arena, int[][] ranges) {
        MemorySegment memory = arena.allocate(JAVA_INT, 3L * Math.max(1, ranges.length));
        for (int i = 0; i < ranges.length; i++) {
            if (ranges[i].length != 3) {
                throw new IllegalArgumentException("range " + i + " has " + ranges[i].length
                        + " entries, not 3 (first, last, stride)");
            }
            MemorySegment.copy(ranges[i], 0, memory, JAVA_INT, 12L * i, 3);
        }
        return memory;
    }
}
