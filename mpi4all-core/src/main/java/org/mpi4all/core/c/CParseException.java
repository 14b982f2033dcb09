package org.mpi4all.core.c;

/** C text that this parser cannot read; the message names the place and what was expected. */
public final class CParseException extends IllegalArgumentException {
    private final SourceLocation location;

    CParseException(SourceLocation location, String message) {
        super(location + ": " + message);
        this.location = location;
    }

    /** Where the problem is. */
    public SourceLocation location() {
        return location;
    }
}
