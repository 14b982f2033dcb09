package org.mpi4all.core.c;

import java.util.Objects;

/**
 * Where a declaration was written, as the preprocessor's line markers tell it.
 *
 * @param file the header path exactly as the line marker names it ({@code /usr/include/mpi.h}); the
 *             pseudo-files {@code <built-in>} and {@code <command-line>} hold predefined macros
 * @param line the 1-based line in that file
 */
public record SourceLocation(String file, int line) {
    /** The location of text that carries no line markers, such as a type spelling. */
    public static final SourceLocation UNKNOWN = new SourceLocation("<input>", 1);

    public SourceLocation {
        Objects.requireNonNull(file, "file == null");
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
