package org.mpi4all.npb.comm;

/** Thrown when a backend cannot run in this process; the message says why and what to do about it. */
public class BackendUnavailableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BackendUnavailableException(String message) {
        super(message);
    }

    public BackendUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
