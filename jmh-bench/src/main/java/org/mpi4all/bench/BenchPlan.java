package org.mpi4all.bench;

import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.mpi4all.bench.ffi.BindingOverhead;

/**
 * What the MPI benchmarks run: message sizes, and for each size how many operations one timed iteration
 * holds. The Java contenders (through JMH) and the C reference ({@code native/bench/mpibench.c}, which gets
 * its plan from {@link #main}) run exactly this plan, so their iterations compare one to one.
 *
 * <p>Every rank runs the same iterations in the same order: iteration counts are fixed, never time-based
 * (a rank that stopped early would leave its peer waiting in a receive forever). Iterations are short (about
 * 0.1 ms of work at C's speed; {@value #MIN_ROUND_TRIPS} round trips or reductions for large messages) and many: on a shared machine other work
 * interrupts some of them, and many short ones leave enough undisturbed ones to see an operation's own cost.
 * The warm-up iterations also give the JIT compiler ten thousand and more operations to compile.
 *
 * @param warmupIterations      untimed iterations first (JIT compilation, page faults)
 * @param measurementIterations timed iterations
 * @param sizes                 which of a family's sizes run
 */
public record BenchPlan(int warmupIterations, int measurementIterations, Sizes sizes) {

    /** The plan of the report. */
    public static final BenchPlan FULL = new BenchPlan(100, 100, Sizes.ALL);
    /** Seconds, to prove that every benchmark runs and produces numbers on every rank. */
    public static final BenchPlan QUICK = new BenchPlan(1, 2, Sizes.SMOKE_TEST);
    /** The sizes of issue 14's performance goals only, with the report's iterations ({@code scripts/bench-quick}). */
    public static final BenchPlan GOALS = new BenchPlan(100, 100, Sizes.GOALS);

    /** Which sizes of a family a plan runs. */
    public enum Sizes {
        /** Every size of the family. */
        ALL,
        /** The smallest and the largest, with batches a hundredth of the full plan's. */
        SMOKE_TEST,
        /** The sizes the goals name: 8 B round trip and allreduce, message rate at 8 and 64 B, large windows from 64 KiB. */
        GOALS
    }

    /** The sizes {@link Sizes#GOALS} runs of each family that has sizes. */
    private static final List<Integer> GOAL_SIZES = List.of(8, 64, 1 << 16, 1 << 20, 1 << 22);

    /** The window of the bandwidth benchmark: messages in flight at once, as OSU's osu_bw (64), fewer for large messages. */
    private static final int MAX_WINDOW = 64;
    /** Large-message windows stop growing at this many bytes in flight, to keep buffers small on a small machine. */
    private static final int WINDOW_BYTES = 1 << 24;
    private static final int CALLS_PER_ITERATION = 10_000;
    /**
     * Round trips and reductions per iteration at the least. One large round trip alone after the barrier is not what
     * C's loop times: under JMH's harness it fell into a fast mode in a third to a half of the iterations and into a
     * long tail in others (Open MPI, 64 KiB: 14-17 µs and 25-40+, against 20-22 for C's loop and for the same loop
     * written in Java), so the best iteration put mpi4all at ×0.90 of C; sixteen steady round trips per iteration
     * time the same thing on both sides (docs/benchmarks-journal.md, "Open MPI's 64 KiB round trip: JMH's lone
     * round trip").
     */
    private static final int MIN_ROUND_TRIPS = 16;
    private static final long WARMUP_MESSAGES = 1_000_000;
    private static final long WARMUP_BYTES = 1L << 28;

    /** A benchmark family: one JMH benchmark class and the sizes it runs. */
    public enum Family {
        PING_PONG(PingPong.class, powersOfFourWith8(1 << 22)),
        BANDWIDTH(Bandwidth.class, powersOfFourWith8(1 << 22)),
        ALLREDUCE(Allreduce.class, List.of(8, 32, 128, 512, 2048, 8192, 32768, 131072, 524288, 1 << 20)),
        CALL_OVERHEAD(CallOverhead.class, List.of(0)),
        BINDING_OVERHEAD(BindingOverhead.class, List.of(0));

        private final Class<?> benchmark;
        private final List<Integer> sizes;

        Family(Class<?> benchmark, List<Integer> sizes) {
            this.benchmark = benchmark;
            this.sizes = sizes;
        }

        /** The JMH benchmark class. */
        public Class<?> benchmark() {
            return benchmark;
        }

        /** Whether the benchmark has a message size ({@code bytes} parameter). */
        public boolean hasBytes() {
            return sizes.getFirst() > 0;
        }

        /** Why this family does not run for {@code contender}, or null if it does. */
        public String whyNotRun(String contender, Messaging messaging) {
            if (this == BANDWIDTH && !messaging.supportsNonblocking()) {
                return "its buffers cannot take nonblocking operations (heap arrays: see the contender's class)";
            }
            if (this == BINDING_OVERHEAD && !contender.equals(BindingOverhead.CONTENDER)) {
                return "it measures mpi4all's generated layer itself, once, with " + BindingOverhead.CONTENDER;
            }
            return null;
        }

        /** The name used on the command line and in result files, e.g. {@code ping-pong}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public static Family of(String label) {
            for (Family family : values()) {
                if (family.label().equals(label)) {
                    return family;
                }
            }
            throw new IllegalArgumentException("unknown benchmark family '" + label + "' (choose one of "
                    + String.join(", ", List.of(values()).stream().map(Family::label).toList()) + ")");
        }
    }

    /** One size of a family: {@code batch} operations per iteration, {@code window} messages in flight. */
    public record Step(Family family, int bytes, int batch, int window) {}

    /**
     * Operations per warm-up iteration of {@code step} in a Java contender: the batch, or a multiple of it for small
     * messages, so that the warm-up sends about {@value #WARMUP_MESSAGES} messages (moving at most
     * {@value #WARMUP_BYTES} bytes). The plan's few thousand operations are over within milliseconds of a fresh
     * JVM, while its compiler threads still take the two cores the ranks poll on: measured iterations then ran 2-3
     * times slower in most launches on MPICH (docs/benchmarks-journal.md, "The thread level of the benchmarks").
     * C has no compiler to wait for and warms up with the batch.
     */
    public int warmupBatch(Step step) {
        if (sizes == Sizes.SMOKE_TEST) {
            return step.batch();
        }
        long messages = (long) warmupIterations * step.batch() * step.window();
        long bytes = messages * Math.max(1, step.bytes());
        long factor = Math.min(WARMUP_MESSAGES / messages, WARMUP_BYTES / bytes);
        return (int) (step.batch() * Math.max(1, factor));
    }

    /** The steps of {@code family}, smallest message first. */
    public List<Step> steps(Family family) {
        List<Integer> chosen = switch (sizes) {
            case ALL -> family.sizes;
            case SMOKE_TEST -> List.of(family.sizes.getFirst(), family.sizes.getLast());
            case GOALS -> switch (family) {
                case PING_PONG, ALLREDUCE -> List.of(8);
                case BANDWIDTH -> GOAL_SIZES;
                case CALL_OVERHEAD, BINDING_OVERHEAD -> family.sizes;
            };
        };
        // distinct: a family of one size has the same first and last
        return chosen.stream().distinct().map(bytes -> step(family, bytes)).toList();
    }

    private Step step(Family family, int bytes) {
        int window = family == Family.BANDWIDTH ? clamp(WINDOW_BYTES / bytes, 1, MAX_WINDOW) : 1;
        int batch = switch (family) {
            case PING_PONG, ALLREDUCE -> clamp((1 << 16) / bytes, MIN_ROUND_TRIPS, 100);
            case BANDWIDTH -> clamp((1 << 18) / (bytes * window), 1, 20);
            case CALL_OVERHEAD, BINDING_OVERHEAD -> CALLS_PER_ITERATION;
        };
        return new Step(family, bytes, sizes == Sizes.SMOKE_TEST ? Math.max(1, batch / 100) : batch, window);
    }

    private static int clamp(int value, int min, int max) {
        return Math.max(min, Math.min(max, value));
    }

    private static List<Integer> powersOfFourWith8(int max) {
        return IntStream.iterate(1, n -> n <= max, n -> n * 4)
                .flatMap(n -> n == 4 ? IntStream.of(4, 8) : IntStream.of(n)).boxed().toList();
    }

    /**
     * Prints the plan of one family as arguments of {@code mpibench}:
     * {@code FAMILY WARMUP MEASUREMENT BYTES:BATCH:WINDOW...}. Usage: {@code BenchPlan FAMILY [--quick | --goals]
     * [--bytes N]} ({@code --bytes}: that size alone, as {@code MpiBenchmarks --bytes} runs it).
     */
    public static void main(String[] args) {
        BenchPlan plan = FULL;
        int onlyBytes = -1;
        Family family = null;
        try {
            if (args.length < 1) {
                throw new IllegalArgumentException("no family");
            }
            family = Family.of(args[0]);
            for (int i = 1; i < args.length; i++) {
                if (args[i].equals("--bytes") && i + 1 < args.length) {
                    onlyBytes = Integer.parseInt(args[++i]);
                } else if (fromOption(args[i]) != null) {
                    plan = fromOption(args[i]);
                } else {
                    throw new IllegalArgumentException("unknown option " + args[i]);
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("BenchPlan: " + e.getMessage() + "; usage: BenchPlan FAMILY [--quick | --goals] [--bytes N]");
            System.exit(2);
        }
        StringBuilder line = new StringBuilder(family.label()).append(' ').append(plan.warmupIterations)
                .append(' ').append(plan.measurementIterations);
        int steps = 0;
        for (Step step : plan.steps(family)) {
            if (onlyBytes < 0 || !family.hasBytes() || step.bytes == onlyBytes) {
                line.append(' ').append(step.bytes).append(':').append(step.batch).append(':').append(step.window);
                steps++;
            }
        }
        if (steps == 0) {
            System.err.println("BenchPlan: " + family.label() + " has no step of " + onlyBytes + " bytes in this plan");
            System.exit(2);
        }
        System.out.println(line);
    }

    /** The plan a command-line option names ({@code --quick}, {@code --goals}), or null for another word. */
    public static BenchPlan fromOption(String option) {
        return switch (option) {
            case "--quick" -> QUICK;
            case "--goals" -> GOALS;
            default -> null;
        };
    }
}
