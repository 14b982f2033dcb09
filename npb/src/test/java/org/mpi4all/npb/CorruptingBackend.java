package org.mpi4all.npb;

/** A {@link SingleProcessBackend} whose allreduce of doubles is off by one part in a million. */
public class CorruptingBackend extends SingleProcessBackend {
    @Override
    protected double reduced(double value) {
        return value * (1 + 1e-6);
    }
}
