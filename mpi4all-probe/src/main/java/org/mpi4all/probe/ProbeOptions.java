package org.mpi4all.probe;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How to probe.
 *
 * @param wrapper       the implementation's C compiler wrapper
 * @param name          the implementation's name for the blueprint ({@code openmpi}, {@code mpich5} ...);
 *                      null to name it by its family
 * @param workDirectory where to keep the generated sources and programs for inspection; null for a
 *                      temporary directory removed afterwards
 * @param log           receives one line per pipeline stage (the CLI's {@code -v})
 */
public record ProbeOptions(CompilerWrapper wrapper, String name, Path workDirectory, Consumer<String> log) {
    public ProbeOptions {
        Objects.requireNonNull(wrapper, "wrapper == null");
        log = log == null ? line -> { } : log;
    }

    public static ProbeOptions of(CompilerWrapper wrapper) {
        return new ProbeOptions(wrapper, null, null, null);
    }
}
