package org.mpi4all.bench;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import org.openjdk.jmh.util.ListStatistics;

/**
 * The timed iterations of one benchmark at one size, as the result files of a suite run hold them: one
 * tab-separated line each, written by {@link MpiBenchmarks} (Java contenders), by {@code mpibench} (C) and by
 * {@link ClassInitialisation}, and read by the report. Times are microseconds per operation (a round trip, a
 * window, a reduction, a call), one per timed iteration.
 *
 * @param contender    who ran it: {@code c}, {@code mpi4all-segment}, {@code ompi-java-array}, ...
 * @param benchmark    {@code Class.method} of the JMH benchmark (C uses the same names)
 * @param bytes        message size; 0 where there is none
 * @param window       messages in flight per operation (bandwidth), else 1
 * @param batch        operations per iteration
 * @param microseconds time per operation of each timed iteration
 */
public record Measurement(String contender, String benchmark, int bytes, int window, int batch, List<Double> microseconds) {

    public Measurement {
        microseconds = List.copyOf(microseconds);
    }

    /**
     * The best (shortest) iteration: interference from other work on the machine only ever adds time, so on a
     * shared machine the least disturbed iteration estimates the operation's own cost best.
     */
    public double best() {
        return microseconds.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    /** The worst (longest) iteration. */
    public double worst() {
        return microseconds.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** The median of the iterations. */
    public double median() {
        return median(microseconds);
    }

    /**
     * The median of some values (the mean of the middle two for an even count), as JMH's own statistics compute
     * it: the report's statistics come from one library.
     */
    public static double median(Collection<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values, so no median");
        }
        ListStatistics statistics = new ListStatistics();
        values.forEach(statistics::addValue);
        return statistics.getPercentile(50);
    }

    public String toLine() {
        return String.join("\t", contender, benchmark, Integer.toString(bytes), Integer.toString(window),
                Integer.toString(batch), microseconds.stream().map(t -> Double.toString(t)).collect(Collectors.joining(",")));
    }

    public static Measurement parse(String line) {
        String[] fields = line.split("\t");
        if (fields.length != 6) {
            throw new IllegalArgumentException("a measurement line has 6 tab-separated fields, not " + fields.length + ": " + line);
        }
        return new Measurement(fields[0], fields[1], Integer.parseInt(fields[2]), Integer.parseInt(fields[3]),
                Integer.parseInt(fields[4]), Arrays.stream(fields[5].split(",")).map(Double::valueOf).toList());
    }
}
