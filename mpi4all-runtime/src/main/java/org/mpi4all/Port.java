package org.mpi4all;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.MpiException;

/**
 * A port a server's processes accept connections on ({@code MPI_Open_port}): {@link Communicator#accept} on
 * the server's side, {@link Communicator#connect} with the port's {@link #name()} on the client's, each
 * collective over its own communicator, give the two an {@link Intercommunicator}. A client learns the name
 * from the server (a file, a message) or from MPI's name service ({@link #publish}, {@link #lookup}), where
 * the implementation has one.
 *
 * {@snippet :
 * try (Port port = Port.open(env)) {                     // on the server's root
 *     port.publish("solver");
 *     Intercommunicator clients = serverComm.accept(port, root(0));
 * }
 * // in the client job
 * String name = Port.lookup(env, "solver").orElseThrow();
 * Intercommunicator server = clientComm.connect(name, root(0));
 * }
 *
 * <p>The functions run with their errors returned, so that an MPI library without ports (Debian's MPICH 4.0
 * over UCX, the MPICH 5.0 wheel) gives an {@link MpiException} saying so rather than ending the job. On Intel
 * MPI 2021, which crashes in {@code MPI_Open_port}, {@link #open} throws {@link UnsupportedOperationException}.
 */
public final class Port implements AutoCloseable {
    private final Environment environment;
    private final String name;
    private final List<String> published = new ArrayList<>();
    private boolean closed;

    private Port(Environment environment, String name) {
        this.environment = environment;
        this.name = name;
    }

    /** {@return a new port of this process} ({@code MPI_Open_port}, without hints) */
    public static Port open(Environment environment) {
        return open(environment, null);
    }

    /**
     * {@return a new port of this process, opened with the implementation's hints {@code info}} (may be null)
     *
     * @throws MpiException                  if the MPI library cannot open a port
     * @throws UnsupportedOperationException on Intel MPI 2021, which crashes in {@code MPI_Open_port}
     */
    public static Port open(Environment environment, Info info) {
        environment.check();
        DynamicProcesses.refuseWhereMpiCrashes("Port.open");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocate(Mpi.MPI_MAX_PORT_NAME + 1L);
            returningErrors(environment, () -> Mpi.MPI_Open_port(Info.handleOrNull(info), name));
            return new Port(environment, name.getString(0));
        }
    }

    /** {@return the port's name}, which a client gives to {@link Communicator#connect} */
    public String name() {
        check();
        return name;
    }

    /** Publishes the port under {@code service} in MPI's name service ({@code MPI_Publish_name}) until unpublished or closed. */
    public void publish(String service) {
        check();
        checkService(service);
        try (Arena arena = Arena.ofConfined()) {
            returningErrors(environment, () -> Mpi.MPI_Publish_name(arena.allocateFrom(service), Mpi.MPI_INFO_NULL,
                    arena.allocateFrom(name)));
        }
        published.add(service);
    }

    /**
     * Withdraws the publication of the port under {@code service} ({@code MPI_Unpublish_name}).
     *
     * @throws IllegalArgumentException if this port is not published under {@code service}
     */
    public void unpublish(String service) {
        check();
        if (!published.remove(service)) {
            throw new IllegalArgumentException("unpublish: the port is not published as \"" + service + "\"");
        }
        try (Arena arena = Arena.ofConfined()) {
            returningErrors(environment, () -> Mpi.MPI_Unpublish_name(arena.allocateFrom(service), Mpi.MPI_INFO_NULL,
                    arena.allocateFrom(name)));
        }
    }

    /**
     * {@return the name of the port published under {@code service}} ({@code MPI_Lookup_name}), empty if none is.
     * Which publications a process sees (its job's, or any job's through a name server) is the implementation's
     * choice.
     */
    public static Optional<String> lookup(Environment environment, String service) {
        environment.check();
        checkService(service);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment port = arena.allocate(Mpi.MPI_MAX_PORT_NAME + 1L);
            returningErrors(environment, () -> Mpi.MPI_Lookup_name(arena.allocateFrom(service), Mpi.MPI_INFO_NULL, port));
            return Optional.of(port.getString(0));
        } catch (MpiException e) {
            if (e.errorClass() == Mpi.MPI_ERR_NAME) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /**
     * Withdraws the port's publications, then closes it ({@code MPI_Close_port}): it accepts no more connections;
     * the intercommunicators made through it stay.
     *
     * @throws IllegalStateException if it was closed already
     */
    @Override
    public void close() {
        check();
        for (String service : List.copyOf(published)) {
            unpublish(service);
        }
        closed = true;
        try (Arena arena = Arena.ofConfined()) {
            returningErrors(environment, () -> Mpi.MPI_Close_port(arena.allocateFrom(name)));
        }
    }

    @Override
    public String toString() {
        return "Port[" + name + (closed ? ", closed" : "") + "]";
    }

    private void check() {
        environment.check();
        if (closed) {
            throw new IllegalStateException("the port " + name + " was closed");
        }
    }

    private static void checkService(String service) {
        Objects.requireNonNull(service, "service");
        if (service.isEmpty()) {
            throw new IllegalArgumentException("a service name cannot be empty");
        }
    }

    /** Errors of the port functions are raised on no communicator: on {@code MPI_COMM_SELF} (MPI-4) or the world (before). */
    private static void returningErrors(Environment environment, Runnable action) {
        List<MPI_Comm> raisedOn = environment.startedFromSession() ? List.of()
                : List.of(Mpi.MPI_COMM_SELF, Mpi.MPI_COMM_WORLD);
        DynamicProcesses.returningErrors(raisedOn, action);
    }
}
