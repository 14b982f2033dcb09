package org.mpi4all.npb;

/** A command line the launcher cannot run; the message is the one line it prints before exiting with status 2. */
public class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
