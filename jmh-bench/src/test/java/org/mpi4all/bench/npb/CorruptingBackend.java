package org.mpi4all.bench.npb;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Comm;
import org.mpi4all.npb.comm.MessageBuffer;
import org.mpi4all.npb.comm.Requests;
import org.mpi4all.npb.comm.mpi4all.Mpi4allBackend;

/**
 * mpi4all, except that every allreduce of doubles on the world communicator delivers its first element plus 1:
 * a kernel's sums (EP's, CG's dot products) come out wrong, so its verification must fail. Selected by class name
 * ({@code -Dmpi4all.npb.backend=org.mpi4all.bench.npb.CorruptingBackend}).
 */
public final class CorruptingBackend implements Backend {
    private final Mpi4allBackend mpi4all = new Mpi4allBackend();
    private Comm world;

    @Override
    public String name() {
        return "corrupting";
    }

    @Override
    public String description() {
        return "mpi4all with corrupted double allreduces";
    }

    @Override
    public String[] init(String[] args) {
        String[] programArgs = mpi4all.init(args);
        Comm real = mpi4all.world();
        world = (Comm) Proxy.newProxyInstance(Comm.class.getClassLoader(), new Class<?>[] {Comm.class}, (proxy, method, arguments) -> {
            Object result;
            try {
                result = method.invoke(real, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (method.getName().equals("allreduce") && arguments[2] instanceof double[] receive) {
                receive[(int) arguments[3]] += 1.0;
            }
            return result;
        });
        return programArgs;
    }

    @Override
    public Comm world() {
        return world;
    }

    @Override
    public double wtime() {
        return mpi4all.wtime();
    }

    @Override
    public MessageBuffer allocate(int length) {
        return mpi4all.allocate(length);
    }

    @Override
    public Requests requests(int slots) {
        return mpi4all.requests(slots);
    }

    @Override
    public int ranksInThisJvm() {
        return mpi4all.ranksInThisJvm();
    }

    @Override
    public int ranksOnThisNode() {
        return mpi4all.ranksOnThisNode();
    }

    @Override
    public void abort(int status) {
        mpi4all.abort(status);
    }

    @Override
    public void close() {
        mpi4all.close();
    }
}
