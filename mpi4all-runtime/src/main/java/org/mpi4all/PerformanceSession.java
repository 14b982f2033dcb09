package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.mpi4all.ToolInterface.PerformanceVariable;
import org.mpi4all.ffi.MPI_T_pvar_handle;
import org.mpi4all.ffi.MPI_T_pvar_session;
import org.mpi4all.ffi.Mpi;

/**
 * A performance-variable session ({@code MPI_T_pvar_session}): the scope in which a tool reads the
 * implementation's counters, isolated from other tools' sessions. A {@link Handle} reads one variable (for a
 * communicator, if it is bound to one); a variable that is not {@link PerformanceVariable#continuous()} counts
 * only between {@link Handle#start()} and {@link Handle#stop()}. Closing the session frees its handles.
 */
public final class PerformanceSession implements AutoCloseable {
    private final ToolInterface tools;
    private final Arena arena = Arena.ofShared();
    private final MPI_T_pvar_session handle;
    private final List<Handle> handles = new ArrayList<>();
    private boolean closed;

    PerformanceSession(ToolInterface tools) {
        this.tools = tools;
        MemorySegment slot = MPI_T_pvar_session.allocate(arena);
        Mpi.MPI_T_pvar_session_create(slot);
        this.handle = MPI_T_pvar_session.read(slot);
    }

    /** {@return a handle on {@code variable}} when it is bound to no object; see {@link #handle(PerformanceVariable, Communicator)} */
    public Handle handle(PerformanceVariable variable) {
        return handle(variable, null);
    }

    /**
     * {@return a handle on {@code variable} for {@code comm}} ({@code MPI_T_pvar_handle_alloc}); {@code comm} is
     * null for a variable bound to no object.
     *
     * @throws IllegalArgumentException      if {@code comm} is missing for a variable bound to a communicator, or given for one bound to none
     * @throws UnsupportedOperationException for a variable bound to another kind of object
     */
    public Handle handle(PerformanceVariable variable, Communicator comm) {
        check();
        ToolInterface.checkKnownType(variable.name(), variable.type());
        MemorySegment object = ToolInterface.boundObject(arena, variable.name(), variable.binding(), comm);
        MemorySegment slot = MPI_T_pvar_handle.allocate(arena);
        MemorySegment count = arena.allocate(JAVA_INT);
        Mpi.MPI_T_pvar_handle_alloc(handle, variable.index(), object, slot, count);
        Handle made = new Handle(variable, slot, count.get(JAVA_INT, 0));
        handles.add(made);
        return made;
    }

    /**
     * Frees the session's handles and the session ({@code MPI_T_pvar_handle_free}, {@code MPI_T_pvar_session_free}).
     *
     * @throws IllegalStateException if it was closed already
     */
    @Override
    public void close() {
        check();
        closed = true;
        try {
            for (Handle made : handles) {
                Mpi.MPI_T_pvar_handle_free(handle, made.slot);
            }
            MemorySegment slot = MPI_T_pvar_session.allocate(arena);
            MPI_T_pvar_session.write(slot, 0, handle);
            Mpi.MPI_T_pvar_session_free(slot);
        } finally {
            arena.close();
        }
    }

    private void check() {
        tools.check();
        if (closed) {
            throw new IllegalStateException("the performance session was closed");
        }
    }

    /** One performance variable, read in this session. */
    public final class Handle {
        private final PerformanceVariable variable;
        private final MemorySegment slot;
        private final int count;
        private final MemorySegment values;

        private Handle(PerformanceVariable variable, MemorySegment slot, int count) {
            this.variable = variable;
            this.slot = slot;
            this.count = count;
            this.values = arena.allocate((long) variable.type().bytes * Math.max(count, 1) + 1, 8);
        }

        /** {@return the variable} */
        public PerformanceVariable variable() {
            return variable;
        }

        /** {@return how many values the variable has here} (one per peer of the communicator, for some) */
        public int count() {
            return count;
        }

        /**
         * Starts the variable counting ({@code MPI_T_pvar_start}).
         *
         * @throws IllegalStateException if it is continuous: always counting, it cannot be started or stopped
         */
        public void start() {
            checkStartable("start");
            Mpi.MPI_T_pvar_start(handle, handle());
        }

        /** Stops the variable counting ({@code MPI_T_pvar_stop}); see {@link #start()}. */
        public void stop() {
            checkStartable("stop");
            Mpi.MPI_T_pvar_stop(handle, handle());
        }

        /**
         * Sets the variable back to its starting value ({@code MPI_T_pvar_reset}).
         *
         * @throws IllegalStateException if it is read-only
         */
        public void reset() {
            if (variable.readOnly()) {
                throw new IllegalStateException("reset: " + variable.name() + " is read-only");
            }
            Mpi.MPI_T_pvar_reset(handle, handle());
        }

        /** {@return the values of an integer variable} ({@code MPI_T_pvar_read}) */
        public long[] readLongs() {
            Mpi.MPI_T_pvar_read(handle, handle(), values);
            return ToolInterface.longs(variable.name(), variable.type(), values, count);
        }

        /** {@return the value of a variable of one integer} */
        public long readLong() {
            ToolInterface.checkSingle(variable.name(), count);
            return readLongs()[0];
        }

        /** {@return the values of a numeric variable, integer or not} */
        public double[] readDoubles() {
            Mpi.MPI_T_pvar_read(handle, handle(), values);
            return ToolInterface.doubles(variable.name(), variable.type(), values, count);
        }

        private MPI_T_pvar_handle handle() {
            check();
            return MPI_T_pvar_handle.read(slot);
        }

        private void checkStartable(String operation) {
            if (variable.continuous()) {
                throw new IllegalStateException(operation + ": " + variable.name()
                        + " is continuous: it counts from the start and cannot be started or stopped");
            }
        }

        @Override
        public String toString() {
            return "Handle[" + variable.name() + ", " + count + " values]";
        }
    }
}
