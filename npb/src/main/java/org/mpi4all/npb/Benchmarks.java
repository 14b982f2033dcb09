package org.mpi4all.npb;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.mpi4all.npb.cg.ConjugateGradient;
import org.mpi4all.npb.ep.EmbarrassinglyParallel;
import org.mpi4all.npb.ft.FourierTransform;
import org.mpi4all.npb.mg.MultiGrid;
import org.mpi4all.npb.sp.ScalarPentadiagonal;

/** The benchmarks the launcher knows. */
public final class Benchmarks {
    /** Every benchmark by name, in NPB's (alphabetical) order; adding a benchmark is one line here. */
    private static final Map<String, Benchmark> BY_NAME = new TreeMap<>(Map.of(
            "CG", new ConjugateGradient(),
            "EP", new EmbarrassinglyParallel(),
            "FT", new FourierTransform(),
            "MG", new MultiGrid(),
            "SP", new ScalarPentadiagonal()));

    /** Every benchmark the launcher accepts. */
    public static final List<String> NAMES = List.copyOf(BY_NAME.keySet());

    private Benchmarks() {}

    /**
     * The benchmark called {@code name}, in either case.
     *
     * @throws UsageException if there is no such benchmark
     */
    public static Benchmark find(String name) {
        Benchmark benchmark = BY_NAME.get(name.toUpperCase(Locale.ROOT));
        if (benchmark == null) {
            throw new UsageException("unknown benchmark '" + name + "' (choose one of " + String.join(", ", NAMES) + ")");
        }
        return benchmark;
    }
}
