package org.mpi4all.npb;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Op;
import org.mpi4all.npb.comm.Requests;

/**
 * A backend of one process and no library, to run the launcher inside a test's JVM
 * ({@code --backend org.mpi4all.npb.SingleProcessBackend}): collectives copy; messages go only from the process to
 * itself (the benchmarks send none on one process, the launcher's warm-up does), matched by tag in the order they
 * were sent and completed at once. {@link #abort} throws instead of ending the test's JVM.
 */
public class SingleProcessBackend implements Backend {

    /** Thrown by {@link #abort}, carrying the status. */
    public static final class Aborted extends RuntimeException {
        private static final long serialVersionUID = 1L;
        public final int status;

        Aborted(int status) {
            super("aborted with status " + status);
            this.status = status;
        }
    }

    @Override
    public String name() {
        return "single";
    }

    @Override
    public String description() {
        return "one process, no library";
    }

    @Override
    public String[] init(String[] args) {
        return args;
    }

    @Override
    public Comm world() {
        return new SelfComm();
    }

    @Override
    public double wtime() {
        return System.nanoTime() * 1e-9;
    }

    @Override
    public MessageBuffer allocate(int length) {
        return new MessageBuffer(MemorySegment.ofArray(new double[length])) {};
    }

    @Override
    public Requests requests(int slots) {
        return new Requests() {
            @Override
            public int size() {
                return slots;
            }

            @Override
            public void waitFor(int slot) {
                // Nothing is ever started.
            }

            @Override
            public void waitAll() {
                // Nothing is ever started.
            }
        };
    }

    @Override
    public int ranksInThisJvm() {
        return 1;
    }

    @Override
    public int ranksOnThisNode() {
        return 1;
    }

    @Override
    public void abort(int status) {
        throw new Aborted(status);
    }

    @Override
    public void close() {
        // No library to shut down.
    }

    /** A barrier of one process: nothing to wait for; subclasses make it fail like a library error. */
    protected void barrier() {
        // Alone.
    }

    /** What an allreduce of doubles delivers; subclasses corrupt it to test the launcher's verdict. */
    protected double reduced(double value) {
        return value;
    }

    /** The communicator of one process. */
    private final class SelfComm implements Comm {
        private final Deque<Message> unreceived = new ArrayDeque<>();
        private final Deque<Receive> posted = new ArrayDeque<>();

        @Override
        public int rank() {
            return 0;
        }

        @Override
        public int size() {
            return 1;
        }

        @Override
        public Comm split(int color, int key) {
            return this;
        }

        @Override
        public Comm dup() {
            return this;
        }

        @Override
        public void barrier() {
            SingleProcessBackend.this.barrier();
        }

        @Override
        public void bcast(double[] buffer, int offset, int count, int root) {
            // The root's data is already here.
        }

        @Override
        public void bcast(int[] buffer, int offset, int count, int root) {
            // The root's data is already here.
        }

        @Override
        public void bcast(long[] buffer, int offset, int count, int root) {
            // The root's data is already here.
        }

        @Override
        public void reduce(double[] send, int so, double[] receive, int ro, int count, Op op, int root) {
            System.arraycopy(send, so, receive, ro, count);
        }

        @Override
        public void reduce(int[] send, int so, int[] receive, int ro, int count, Op op, int root) {
            System.arraycopy(send, so, receive, ro, count);
        }

        @Override
        public void reduce(long[] send, int so, long[] receive, int ro, int count, Op op, int root) {
            System.arraycopy(send, so, receive, ro, count);
        }

        @Override
        public void allreduce(double[] send, int so, double[] receive, int ro, int count, Op op) {
            for (int i = 0; i < count; i++) {
                receive[ro + i] = reduced(send[so + i]);
            }
        }

        @Override
        public void allreduce(int[] send, int so, int[] receive, int ro, int count, Op op) {
            System.arraycopy(send, so, receive, ro, count);
        }

        @Override
        public void allreduce(long[] send, int so, long[] receive, int ro, int count, Op op) {
            System.arraycopy(send, so, receive, ro, count);
        }

        @Override
        public void alltoall(double[] send, int so, double[] receive, int ro, int countPerRank) {
            System.arraycopy(send, so, receive, ro, countPerRank);
        }

        @Override
        public void send(double[] buffer, int offset, int count, int dest, int tag) {
            toSelf(dest);
            deliver(tag, Arrays.copyOfRange(buffer, offset, offset + count));
        }

        @Override
        public void isend(MessageBuffer buffer, int offset, int count, int dest, int tag, Requests requests, int slot) {
            toSelf(dest);
            double[] message = new double[count];
            buffer.copyTo(offset, message, 0, count);
            deliver(tag, message);
        }

        @Override
        public void irecv(MessageBuffer buffer, int offset, int count, int source, int tag, Requests requests, int slot) {
            toSelf(source);
            Receive receive = new Receive(buffer, offset, count, tag);
            for (var pending = unreceived.iterator(); pending.hasNext(); ) {
                Message message = pending.next();
                if (message.tag() == tag) {
                    pending.remove();
                    receive.fill(message.values());
                    return;
                }
            }
            posted.add(receive);
        }

        private void deliver(int tag, double[] values) {
            for (var waiting = posted.iterator(); waiting.hasNext(); ) {
                Receive receive = waiting.next();
                if (receive.tag() == tag) {
                    waiting.remove();
                    receive.fill(values);
                    return;
                }
            }
            unreceived.add(new Message(tag, values));
        }

        private static void toSelf(int peer) {
            if (peer != 0) {
                throw new IllegalArgumentException("a single process has no rank " + peer);
            }
        }
    }

    private record Message(int tag, double[] values) {}

    private record Receive(MessageBuffer buffer, int offset, int count, int tag) {
        void fill(double[] values) {
            if (values.length > count) {
                throw new IllegalStateException("a message of " + values.length + " doubles for a receive of " + count);
            }
            buffer.copyFrom(values, 0, offset, values.length);
        }
    }
}
