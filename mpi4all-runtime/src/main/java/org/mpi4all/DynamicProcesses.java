package org.mpi4all;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static org.mpi4all.Param.Name.ROOT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.Consumer;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Errhandler;
import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.MpiLibrary;

/**
 * Processes started and joined while the job runs (MPI-4.1 §11.8-11.9): spawning, and the client/server
 * connection through a {@link Port}. Each makes an {@link Intercommunicator}.
 *
 * <p>Some MPI builds cannot do these (Debian's MPICH 4.0 over UCX has neither spawning nor ports). The MPI
 * functions therefore run with their errors returned, whatever the error handler of the communicator
 * (MPI's default ends the job), so that such a library gives an {@link org.mpi4all.runtime.MpiException}
 * with its own explanation. Intel MPI 2021 crashes instead (a SIGSEGV in {@code MPIDI_OFI_mpi_open_port}, from
 * {@code MPI_Open_port} and {@code MPI_Comm_spawn} alike, reproduced in C with every libfabric provider here):
 * there the high level refuses both before calling MPI.
 */
final class DynamicProcesses {
    private static final int ROOT_PARAMS = Param.accepting(ROOT);

    private DynamicProcesses() {}

    static Spawned spawn(Communicator c, List<Command> commands, Param[] params) {
        if (commands.isEmpty()) {
            throw new IllegalArgumentException("spawn: no command to start");
        }
        int root = root(c, "spawn", params);
        refuseWhereMpiCrashes("spawn");
        MPI_Comm comm = c.intraHandle();
        int processes = commands.stream().mapToInt(Command::processes).sum();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errorCodes = arena.allocate(JAVA_INT, processes);
            MPI_Comm children = created(comm, out -> {
                if (commands.size() == 1) {
                    Command only = commands.getFirst();
                    Mpi.MPI_Comm_spawn(arena.allocateFrom(only.program()), argv(arena, only), only.processes(),
                            Info.handleOrNull(only.info()), root, comm, out, errorCodes);
                    return;
                }
                MemorySegment programs = arena.allocate(ADDRESS, commands.size());
                MemorySegment argvs = arena.allocate(ADDRESS, commands.size());
                MemorySegment counts = arena.allocate(JAVA_INT, commands.size());
                MemorySegment infos = MPI_Info.allocateArray(arena, commands.size());
                for (int i = 0; i < commands.size(); i++) {
                    Command command = commands.get(i);
                    programs.setAtIndex(ADDRESS, i, arena.allocateFrom(command.program()));
                    argvs.setAtIndex(ADDRESS, i, argv(arena, command));
                    counts.setAtIndex(JAVA_INT, i, command.processes());
                    MPI_Info.write(infos, i, Info.handleOrNull(command.info()));
                }
                Mpi.MPI_Comm_spawn_multiple(commands.size(), programs, argvs, counts, infos, root, comm, out, errorCodes);
            });
            return new Spawned(new Intercommunicator(c.environment, children, c.name() + ".spawn"),
                    errorCodes.toArray(JAVA_INT));
        }
    }

    static Intercommunicator accept(Communicator c, Port port, Param[] params) {
        int root = root(c, "accept", params);
        if (c.rank() == root && port == null) {
            throw new IllegalArgumentException("accept: the root (rank " + root + ") needs the port to accept on");
        }
        String name = c.rank() == root ? port.name() : "";
        return joined(c, "accept", root, name, (comm, portName, out) ->
                Mpi.MPI_Comm_accept(portName, Mpi.MPI_INFO_NULL, root, comm, out));
    }

    static Intercommunicator connect(Communicator c, String portName, Param[] params) {
        int root = root(c, "connect", params);
        if (c.rank() == root && (portName == null || portName.isEmpty())) {
            throw new IllegalArgumentException("connect: the root (rank " + root + ") needs the name of the port to connect to");
        }
        String name = c.rank() == root ? portName : "";
        return joined(c, "connect", root, name, (comm, port, out) ->
                Mpi.MPI_Comm_connect(port, Mpi.MPI_INFO_NULL, root, comm, out));
    }

    private interface Joining {
        void join(MPI_Comm comm, MemorySegment portName, MemorySegment newComm);
    }

    private static Intercommunicator joined(Communicator c, String operation, int root, String portName, Joining joining) {
        MPI_Comm comm = c.intraHandle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment port = arena.allocateFrom(portName);
            return new Intercommunicator(c.environment, created(comm, out -> joining.join(comm, port, out)),
                    c.name() + "." + operation);
        }
    }

    /**
     * Throws {@link UnsupportedOperationException} on a library known to crash in {@code operation} (which ports
     * underlie: spawning and opening a port).
     */
    static void refuseWhereMpiCrashes(String operation) {
        String version = MpiLibrary.current().libraryVersion();
        if (version.contains("Intel(R) MPI Library 2021")) {
            throw new UnsupportedOperationException(operation + ": Intel MPI 2021 crashes in MPI_Open_port and"
                    + " MPI_Comm_spawn (SIGSEGV in MPIDI_OFI_mpi_open_port, in C too), so the high level does not call"
                    + " them on " + MpiLibrary.firstLine(version));
        }
    }

    private static int root(Communicator c, String operation, Param[] params) {
        c.intraHandle();   // these run on one group: an intercommunicator refuses here, before its own roots apply
        int root = c.root(operation, params, Param.check(operation, params, ROOT_PARAMS));
        if (root < 0 || root >= c.size()) {
            throw new IllegalArgumentException(operation + ": root " + root + " is not a rank of " + c.size());
        }
        return root;
    }

    /** The NULL-terminated {@code char *argv[]} of {@code command}, or {@code MPI_ARGV_NULL} if it has no arguments. */
    private static MemorySegment argv(Arena arena, Command command) {
        if (command.args().isEmpty()) {
            return Mpi.MPI_ARGV_NULL;
        }
        MemorySegment argv = arena.allocate(ADDRESS, command.args().size() + 1L);
        for (int i = 0; i < command.args().size(); i++) {
            argv.setAtIndex(ADDRESS, i, arena.allocateFrom(command.args().get(i)));
        }
        argv.setAtIndex(ADDRESS, command.args().size(), MemorySegment.NULL);
        return argv;
    }

    /** Makes a communicator through {@code creator} with errors on {@code comm} returned. */
    private static MPI_Comm created(MPI_Comm comm, Consumer<MemorySegment> creator) {
        return Management.created(out -> returningErrors(List.of(comm), () -> creator.accept(out)));
    }

    /**
     * Runs {@code action} with the errors raised on {@code comms} returned ({@code MPI_ERRORS_RETURN}), then
     * puts their handlers back. The handler of a communicator is shared by its threads: another thread's
     * failing call on it meanwhile is an exception too.
     */
    static void returningErrors(List<MPI_Comm> comms, Runnable action) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment saved = MPI_Errhandler.allocateArray(arena, comms.size());
            for (int i = 0; i < comms.size(); i++) {
                Mpi.MPI_Comm_get_errhandler(comms.get(i), saved.asSlice(i * MPI_Errhandler.LAYOUT.byteSize()));
                Mpi.MPI_Comm_set_errhandler(comms.get(i), Mpi.MPI_ERRORS_RETURN);
            }
            try {
                action.run();
            } finally {
                for (int i = 0; i < comms.size(); i++) {
                    MemorySegment slot = saved.asSlice(i * MPI_Errhandler.LAYOUT.byteSize());
                    Mpi.MPI_Comm_set_errhandler(comms.get(i), MPI_Errhandler.read(slot));
                    Mpi.MPI_Errhandler_free(slot);
                }
            }
        }
    }
}
