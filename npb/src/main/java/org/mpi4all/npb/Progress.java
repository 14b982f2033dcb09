package org.mpi4all.npb;

import java.io.PrintStream;

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
}
