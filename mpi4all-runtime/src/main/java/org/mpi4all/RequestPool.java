package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import org.mpi4all.ffi.MPI_Request;
import org.mpi4all.ffi.MPI_Status;
import org.mpi4all.ffi.Mpi;

/**
 * Pending requests completed together ({@code MPI_Waitall}, {@code MPI_Waitany}, {@code MPI_Waitsome}
 * and their {@code Test} forms): KaMPIng's request pool.
 *
 * {@snippet :
 * RequestPool pool = new RequestPool();
 * List<Request<int[]>> incoming = new ArrayList<>();
 * for (int peer : peers) {
 *     incoming.add(pool.add(world.irecv(new int[n], peer)));
 *     pool.add(world.isend(outgoing[peer], peer));
 * }
 * pool.waitAll();
 * int[] first = incoming.get(0).result();
 * }
 *
 * <p>A completed request leaves the pool; its result is then available from the request itself
 * ({@link AbstractRequest#result()}). A request that was turned into a {@link Request#future() future} cannot
 * join a pool. A started {@link Persistent} operation (a persistent collective, a partitioned transfer ...) joins
 * it as a request does and leaves it completed, inactive, ready for its next start. A pool is not safe for use by
 * several threads at once.
 */
public final class RequestPool {
    private final List<AbstractRequest<?>> pending = new ArrayList<>();

    /** Creates an empty pool. */
    public RequestPool() {}

    /**
     * Adds {@code request}, unless it has completed already; returns it.
     *
     * @throws IllegalStateException if the request is completed by its future
     */
    public <T> Request<T> add(Request<T> request) {
        Objects.requireNonNull(request, "request == null");
        request.requireNotFuture("RequestPool.add");
        if (request.isPending() && !pending.contains(request)) {
            pending.add(request);
        }
        return request;
    }

    /**
     * Adds the persistent operation {@code operation} if it is started and has not completed; returns it.
     *
     * @throws IllegalStateException if it was closed
     */
    public <T, P extends Persistent<T>> P add(P operation) {
        Objects.requireNonNull(operation, "operation == null");
        operation.requireOpen("RequestPool.add");
        if (operation.isActive() && !pending.contains(operation)) {
            pending.add(operation);
        }
        return operation;
    }

    /** {@return the number of requests still pending} */
    public int size() {
        return pending.size();
    }

    /** {@return whether no request is pending} */
    public boolean isEmpty() {
        return pending.isEmpty();
    }

    /** Waits until every request has completed ({@code MPI_Waitall}). */
    public void waitAll() {
        complete("waitAll", (n, requests, indices, statuses) -> {
            Mpi.MPI_Waitall(n, requests, statuses);
            return all(n, indices);
        });
    }

    /**
     * Waits until one request has completed ({@code MPI_Waitany}) and returns it.
     *
     * @throws NoSuchElementException if the pool is empty
     */
    public AbstractRequest<?> waitAny() {
        requireNotEmpty("waitAny");
        return complete("waitAny", (n, requests, indices, statuses) -> {
            Mpi.MPI_Waitany(n, requests, indices, statuses);
            return 1;
        }).getFirst();
    }

    /** Waits until at least one request has completed ({@code MPI_Waitsome}) and returns those that have. */
    public List<AbstractRequest<?>> waitSome() {
        return complete("waitSome", (n, requests, indices, statuses) -> {
            MemorySegment outcount = indices.asSlice((long) n * Integer.BYTES);
            Mpi.MPI_Waitsome(n, requests, outcount, indices, statuses);
            return outcount.get(JAVA_INT, 0);
        });
    }

    /** {@return whether every request has completed} ({@code MPI_Testall}); if so, they all leave the pool. */
    public boolean testAll() {
        complete("testAll", (n, requests, indices, statuses) -> {
            MemorySegment flag = indices.asSlice((long) n * Integer.BYTES);
            Mpi.MPI_Testall(n, requests, flag, statuses);
            return flag.get(JAVA_INT, 0) != 0 ? all(n, indices) : 0;
        });
        return pending.isEmpty();
    }

    /** {@return a request that has completed, if one has} ({@code MPI_Testany}) */
    public Optional<AbstractRequest<?>> testAny() {
        return complete("testAny", (n, requests, indices, statuses) -> {
            MemorySegment flag = indices.asSlice((long) n * Integer.BYTES);
            Mpi.MPI_Testany(n, requests, indices, flag, statuses);
            return flag.get(JAVA_INT, 0) != 0 && indices.get(JAVA_INT, 0) != Mpi.MPI_UNDEFINED ? 1 : 0;
        }).stream().findFirst();
    }

    /** {@return the requests that have completed, possibly none} ({@code MPI_Testsome}) */
    public List<AbstractRequest<?>> testSome() {
        return complete("testSome", (n, requests, indices, statuses) -> {
            MemorySegment outcount = indices.asSlice((long) n * Integer.BYTES);
            Mpi.MPI_Testsome(n, requests, outcount, indices, statuses);
            int done = outcount.get(JAVA_INT, 0);
            return done == Mpi.MPI_UNDEFINED ? 0 : done;
        });
    }

    /**
     * An MPI completion function over the pool: given the number of requests, their handles, room for
     * indices (and an int after them) and statuses, it returns how many completed; their indices are the
     * first ones written, and their statuses the first ones, in the same order.
     */
    @FunctionalInterface
    private interface Completion {
        int run(int n, MemorySegment requests, MemorySegment indices, MemorySegment statuses);
    }

    private List<AbstractRequest<?>> complete(String operation, Completion completion) {
        if (pending.isEmpty()) {
            return List.of();
        }
        Environment environment = pending.getFirst().environment;
        environment.check();
        int n = pending.size();
        try (Call call = Call.begin(environment, operation); Arena arena = Arena.ofConfined()) {
            MemorySegment requests = MPI_Request.allocateArray(arena, n);
            for (int i = 0; i < n; i++) {
                MPI_Request.write(requests, i, new MPI_Request(pending.get(i).handle));
            }
            MemorySegment indices = arena.allocate(JAVA_INT, n + 1L);
            MemorySegment statuses = MPI_Status.allocateArray(arena, n);
            int done = completion.run(n, requests, indices, statuses);
            List<AbstractRequest<?>> completed = new ArrayList<>(done);
            for (int k = 0; k < done; k++) {
                AbstractRequest<?> request = pending.get(indices.getAtIndex(JAVA_INT, k));
                request.completed(MPI_Status.get(statuses, k), call.words);
                completed.add(request);
            }
            pending.removeAll(completed);
            Op.rethrowFailure();
            return completed;
        }
    }

    private static int all(int n, MemorySegment indices) {
        for (int i = 0; i < n; i++) {
            indices.setAtIndex(JAVA_INT, i, i);
        }
        return n;
    }

    private void requireNotEmpty(String operation) {
        if (pending.isEmpty()) {
            throw new NoSuchElementException(operation + ": the pool has no pending request");
        }
    }
}
