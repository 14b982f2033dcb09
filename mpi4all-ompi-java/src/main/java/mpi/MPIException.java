package mpi;

import org.mpi4all.runtime.MpiException;

/**
 * An MPI call failed (under {@code MPI.ERRORS_RETURN}, the error handler {@code MPI.Init} installs): the error
 * code, its class and the implementation's text.
 */
public final class MPIException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final int errorClass;

    /** An error found by Java code, with no MPI error code ({@code MPI.ERR_UNKNOWN}). */
    public MPIException(String message) {
        super(message);
        this.errorCode = MPI.ERR_UNKNOWN;
        this.errorClass = MPI.ERR_UNKNOWN;
    }

    public MPIException(Throwable cause) {
        super(cause);
        this.errorCode = MPI.ERR_UNKNOWN;
        this.errorClass = MPI.ERR_UNKNOWN;
    }

    protected MPIException(int code, int clazz, String message) {
        super(message);
        this.errorCode = code;
        this.errorClass = clazz;
    }

    /** The error the generated layer reported: its message names the function, the class and the text. */
    MPIException(MpiException error) {
        super(error.getMessage(), error);
        this.errorCode = error.errorCode();
        this.errorClass = error.errorClass();
    }

    /** The error code the MPI function returned. */
    public int getErrorCode() {
        return errorCode;
    }

    /** The error class of the code ({@code MPI_Error_class}). */
    public int getErrorClass() {
        return errorClass;
    }
}
