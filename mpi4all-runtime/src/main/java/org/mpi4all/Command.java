package org.mpi4all;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A program for {@link Communicator#spawn} to start: its path, its arguments, how many processes run it, and
 * an info object with hints for the launcher ({@code host}, {@code wdir} ..., MPI-4.1 §11.3.4; null for none).
 *
 * @param program   the executable; a name is looked up as the MPI library chooses (often its own {@code PATH}),
 *                  so give a path when it matters
 * @param args      its arguments, without the program itself
 * @param processes how many processes run it (at least 1)
 * @param info      hints for the launcher, or null
 */
public record Command(String program, List<String> args, int processes, Info info) {
    public Command {
        Objects.requireNonNull(program, "program");
        if (program.isEmpty()) {
            throw new IllegalArgumentException("a command needs a program");
        }
        if (processes < 1) {
            throw new IllegalArgumentException("a command runs on at least 1 process, not " + processes);
        }
        args = List.copyOf(args);
    }

    /** {@return {@code program} with {@code args} on {@code processes} processes, without hints} */
    public static Command of(int processes, String program, String... args) {
        return new Command(program, List.of(args), processes, null);
    }

    /**
     * {@return {@code mainClass} run by this JVM's {@code java}} (its absolute path: the launcher's
     * {@code PATH} may find another Java), with this JVM's class path and native access enabled, on
     * {@code processes} processes.
     */
    public static Command java(int processes, Class<?> mainClass, String... args) {
        String java = ProcessHandle.current().info().command()
                .orElseThrow(() -> new IllegalStateException("the path of this JVM's java is unknown"));
        List<String> line = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), mainClass.getName()));
        line.addAll(List.of(args));
        return new Command(java, line, processes, null);
    }

    /** {@return this command with the launcher hints {@code info}} */
    public Command with(Info info) {
        return new Command(program, args, processes, info);
    }
}
