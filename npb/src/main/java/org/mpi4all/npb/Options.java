package org.mpi4all.npb;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The launcher's command line: {@code BENCH CLASS [--backend NAME] [--warmup jit|npb] [--quiet]}.
 *
 * @param benchmark the benchmark
 * @param npbClass  the problem class
 * @param backend   the backend {@code --backend} named, if any
 * @param warmUp    the untimed warm-up {@code --warmup} chose: {@link WarmUp#JIT} unless {@code npb}
 * @param quiet     whether {@code --quiet} turned progress lines off
 */
public record Options(Benchmark benchmark, NpbClass npbClass, Optional<String> backend, WarmUp warmUp, boolean quiet) {
    public static final String USAGE = "usage: java -jar npb.jar BENCH CLASS [--backend NAME] [--warmup jit|npb]"
            + " [--quiet] (BENCH: CG, EP, FT, MG, SP; CLASS: S, W, A, B, C, D, E)";

    private static final String BACKEND = "--backend";
    private static final String WARMUP = "--warmup";

    /**
     * Parses a command line.
     *
     * @throws UsageException naming what is wrong with it
     */
    public static Options parse(String[] args) {
        List<String> positional = new ArrayList<>();
        boolean quiet = false;
        WarmUp warmUp = WarmUp.JIT;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--quiet")) {
                quiet = true;
            } else if (arg.equals(WARMUP)) {
                if (i + 1 == args.length || args[i + 1].startsWith("-")) {
                    throw new UsageException(WARMUP + " needs jit or npb (" + USAGE + ")");
                }
                warmUp = WarmUp.named(args[++i]);
            } else if (arg.startsWith(WARMUP + "=")) {
                warmUp = WarmUp.named(arg.substring(WARMUP.length() + 1));
            } else if (arg.equals(BACKEND) || arg.startsWith(BACKEND + "=")) {
                i += arg.equals(BACKEND) ? 1 : 0;
            } else if (arg.startsWith("-")) {
                throw new UsageException("unknown option '" + arg + "' (" + USAGE + ")");
            } else {
                positional.add(arg);
            }
        }
        if (positional.size() < 2) {
            throw new UsageException("missing " + (positional.isEmpty() ? "BENCH and CLASS" : "CLASS") + " (" + USAGE + ")");
        }
        if (positional.size() > 2) {
            throw new UsageException("unexpected argument '" + positional.get(2) + "' (" + USAGE + ")");
        }
        Benchmark benchmark = Benchmarks.find(positional.get(0));
        return new Options(benchmark, NpbClass.parse(positional.get(1)), backend(args), warmUp, quiet);
    }

    /**
     * The backend {@code --backend NAME} (or {@code --backend=NAME}) names, looked for before the backend has
     * started and so before the rest of the command line is checked.
     */
    public static Optional<String> backend(String[] args) {
        Optional<String> name = Optional.empty();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals(BACKEND)) {
                if (i + 1 == args.length || args[i + 1].startsWith("-")) {
                    throw new UsageException(BACKEND + " needs a backend name");
                }
                name = Optional.of(args[++i]);
            } else if (args[i].startsWith(BACKEND + "=")) {
                name = Optional.of(args[i].substring(BACKEND.length() + 1));
            }
        }
        return name;
    }

    /** Whether the command line asks for the usage text. */
    public static boolean helpRequested(String[] args) {
        return List.of(args).contains("--help") || List.of(args).contains("-h");
    }
}
