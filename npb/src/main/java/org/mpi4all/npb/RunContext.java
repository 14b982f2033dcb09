package org.mpi4all.npb;

import java.io.PrintStream;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;

/**
 * What a benchmark run gets on each rank.
 *
 * @param backend  the message-passing library, for buffers, requests and the clock
 * @param world    every rank of the run
 * @param npbClass the problem class
 * @param out      where NPB's own header lines go: standard output on rank 0, nowhere elsewhere
 * @param progress where progress lines go
 */
public record RunContext(Backend backend, Comm world, NpbClass npbClass, PrintStream out, Progress progress) {}
