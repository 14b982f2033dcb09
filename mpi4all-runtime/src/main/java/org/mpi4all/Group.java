package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.BiConsumer;
import org.mpi4all.ffi.MPI_Group;
import org.mpi4all.ffi.Mpi;

/**
 * An ordered set of processes ({@code MPI_Group}), to build communicators from
 * ({@link Communicator#create(Group)}) or translate ranks between them. Groups are local objects:
 * their operations involve no communication. Close a group when done ({@code MPI_Group_free}).
 */
public final class Group implements AutoCloseable {
    private final Environment environment;
    private final MPI_Group handle;
    private boolean freed;

    Group(Environment environment, MPI_Group handle) {
        this.environment = environment;
        this.handle = handle;
    }

    Environment environment() {
        return environment;
    }

    MPI_Group handle() {
        environment.check();
        if (freed) {
            throw new IllegalStateException("the group was freed");
        }
        return handle;
    }

    /** {@return the number of processes in the group} */
    public int size() {
        return intResult((g, out) -> Mpi.MPI_Group_size(g, out));
    }

    /** {@return this process's rank in the group}, or {@link Communicator#UNDEFINED} if it is not a member */
    public int rank() {
        return intResult((g, out) -> Mpi.MPI_Group_rank(g, out));
    }

    /** {@return the group of the processes of ranks {@code ranks} here, in that order} ({@code MPI_Group_incl}) */
    public Group incl(int... ranks) {
        return newGroup((arena, out) -> Mpi.MPI_Group_incl(handle(), ranks.length, ints(arena, ranks), out));
    }

    /** {@return the group without the processes of ranks {@code ranks}} ({@code MPI_Group_excl}) */
    public Group excl(int... ranks) {
        return newGroup((arena, out) -> Mpi.MPI_Group_excl(handle(), ranks.length, ints(arena, ranks), out));
    }

    /** {@return the processes of this group, then those of {@code other} not in it} ({@code MPI_Group_union}) */
    public Group union(Group other) {
        return newGroup((arena, out) -> Mpi.MPI_Group_union(handle(), other.handle(), out));
    }

    /** {@return the processes of this group that are also in {@code other}} ({@code MPI_Group_intersection}) */
    public Group intersection(Group other) {
        return newGroup((arena, out) -> Mpi.MPI_Group_intersection(handle(), other.handle(), out));
    }

    /** {@return the processes of this group that are not in {@code other}} ({@code MPI_Group_difference}) */
    public Group difference(Group other) {
        return newGroup((arena, out) -> Mpi.MPI_Group_difference(handle(), other.handle(), out));
    }

    /**
     * {@return the ranks in {@code other} of the processes of ranks {@code ranks} here}
     * ({@code MPI_Group_translate_ranks}); {@link Communicator#UNDEFINED} for those not in {@code other}.
     */
    public int[] translateRanks(Group other, int... ranks) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = arena.allocate(JAVA_INT, Math.max(ranks.length, 1));
            Mpi.MPI_Group_translate_ranks(handle(), ranks.length, ints(arena, ranks), other.handle(), result);
            return java.util.Arrays.copyOf(result.toArray(JAVA_INT), ranks.length);
        }
    }

    /** {@return how this group and {@code other} relate} ({@code MPI_Group_compare}) */
    public Comparison compare(Group other) {
        return Comparison.ofMpiValue(intResult((g, out) -> Mpi.MPI_Group_compare(g, other.handle(), out)));
    }

    /**
     * Frees the group ({@code MPI_Group_free}).
     *
     * @throws IllegalStateException if it was freed already
     */
    @Override
    public void close() {
        MPI_Group group = handle();
        freed = true;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Group.allocate(arena);
            MPI_Group.write(slot, 0, group);
            Mpi.MPI_Group_free(slot);
        }
    }

    private int intResult(BiConsumer<MPI_Group, MemorySegment> function) {
        MPI_Group group = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(JAVA_INT);
            function.accept(group, out);
            return out.get(JAVA_INT, 0);
        }
    }

    private Group newGroup(BiConsumer<Arena, MemorySegment> function) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = MPI_Group.allocate(arena);
            function.accept(arena, out);
            return new Group(environment, MPI_Group.read(out));
        }
    }

    private static MemorySegment ints(Arena arena, int[] values) {
        return values.length == 0 ? MemorySegment.NULL : arena.allocateFrom(JAVA_INT, values);
    }
}
