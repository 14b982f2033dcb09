package org.mpi4all.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.openjdk.jmh.results.RunResult;

/**
 * Result files of a suite run: {@link Measurement} lines, appended as each benchmark finishes, one file per
 * rank ({@code rank0.tsv}, {@code rank1.tsv}, ...) in a results directory; a program without ranks writes
 * {@code rank0.tsv}. The report reads rank 0's.
 */
public final class ResultFile {
    private ResultFile() {}

    /** The result file of {@code rank} in {@code directory}, which is created if missing. */
    public static Path ofRank(Path directory, int rank) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory + ": " + e.getMessage(), e);
        }
        return directory.resolve("rank" + rank + ".tsv");
    }

    public static void append(Path file, List<Measurement> measurements) {
        List<String> lines = measurements.stream().map(Measurement::toLine).toList();
        try {
            Files.write(file, lines, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
        }
    }

    public static List<Measurement> read(Path file) {
        try {
            return Files.readAllLines(file).stream().filter(line -> !line.isBlank()).map(Measurement::parse).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** {@code Class.method} of a JMH run, e.g. {@code PingPong.roundTrip}. */
    public static String benchmarkName(RunResult run) {
        String benchmark = run.getParams().getBenchmark();
        return benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
    }
}
