package org.mpi4all.npb;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * A {@link Trial} whose state is one solver (the kernel's arrays and operations) and its class's parameters: what
 * CG, FT, MG and SP keep between the set-up and the timed sections.
 *
 * @param <P> the kernel's parameters of a class
 * @param <S> the kernel's solver
 */
public abstract class KernelTrial<P, S> implements Trial {
    protected final RunContext context;
    protected final P parameters;
    protected final S solver;

    protected KernelTrial(RunContext context, P parameters, S solver) {
        this.context = context;
        this.parameters = parameters;
        this.solver = solver;
    }

    /** The report made by {@code report} on rank 0, which alone reports; empty on the other ranks. */
    protected final Optional<Report> onRankZero(Supplier<Report> report) {
        return context.world().rank() == 0 ? Optional.of(report.get()) : Optional.empty();
    }
}
