package org.mpi4all.npb;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpi4all.npb.cg.ConjugateGradient;
import org.mpi4all.npb.ep.EmbarrassinglyParallel;
import org.mpi4all.npb.ft.FourierTransform;
import org.mpi4all.npb.mg.MultiGrid;
import org.mpi4all.npb.sp.ScalarPentadiagonal;

/** The benchmarks the launcher knows. */
public final class Benchmarks {
    /** Every benchmark the launcher accepts, in NPB's order. */
    public static final List<String> NAMES = List.of("CG", "EP", "FT", "MG", "SP");

    /** The implemented ones; adding a benchmark is one line here. */
    private static final Map<String, Benchmark> IMPLEMENTED = Map.of(
            "CG", new ConjugateGradient(),
            "EP", new EmbarrassinglyParallel(),
            "FT", new FourierTransform(),
            "MG", new MultiGrid(),
            "SP", new ScalarPentadiagonal());

    private Benchmarks() {}

    /**
     * The benchmark called {@code name}, in either case.
     *
     * @throws UsageException if there is no such benchmark or it is not implemented yet
     */
    public static Benchmark find(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (!NAMES.contains(upper)) {
            throw new UsageException("unknown benchmark '" + name + "' (choose one of " + String.join(", ", NAMES) + ")");
        }
        Benchmark benchmark = IMPLEMENTED.get(upper);
        if (benchmark == null) {
            throw new UsageException(upper + " is not implemented yet (implemented: "
                    + String.join(", ", NAMES.stream().filter(IMPLEMENTED::containsKey).toList()) + ")");
        }
        return benchmark;
    }
}
