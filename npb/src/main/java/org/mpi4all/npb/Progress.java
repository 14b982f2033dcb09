package org.mpi4all.npb;

import java.io.PrintStream;
import java.util.Locale;

/** Progress lines of a long run, on standard error of rank 0 unless {@code --quiet}; silent elsewhere. */
public final class Progress {
    private final PrintStream stream;

    private Progress(PrintStream stream) {
        this.stream = stream;
    }

    public static Progress to(PrintStream stream) {
        return new Progress(stream);
    }

    public static Progress silent() {
        return new Progress(null);
    }

    public void line(String text) {
        if (stream != null) {
            stream.println(text);
            stream.flush();
        }
    }

    /**
     * A line formatted ({@link Locale#ROOT}) only where it is printed: a silent run does not format, so no
     * formatting code is compiled while a benchmark is timed or warmed up.
     */
    public void line(String format, Object... args) {
        if (stream != null) {
            line(String.format(Locale.ROOT, format, args));
        }
    }
}
