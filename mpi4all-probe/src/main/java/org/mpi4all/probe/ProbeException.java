package org.mpi4all.probe;

/** The probe cannot do its job; the message says why in one line, naming the wrapper, file or step involved. */
public final class ProbeException extends RuntimeException {
    public ProbeException(String message) {
        super(message);
    }

    public ProbeException(String message, Throwable cause) {
        super(message, cause);
    }
}
