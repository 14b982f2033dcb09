package org.mpi4all.runtime;

/**
 * An MPI function returned an error code. It carries the code, its error class (and the class's constant
 * name where the implementation defines one) and the implementation's own description
 * ({@code MPI_Error_string}).
 */
public class MpiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String function;
    private final int errorCode;
    private final int errorClass;
    private final String errorClassName;
    private final String errorString;

    /**
     * @param function       the MPI function that failed
     * @param errorCode      the code it returned
     * @param errorClass     {@code MPI_Error_class} of the code
     * @param errorClassName the name of the error class constant ({@code MPI_ERR_RANK}), or null if none matches
     * @param errorString    {@code MPI_Error_string} of the code, or null if it could not be had
     */
    public MpiException(String function, int errorCode, int errorClass, String errorClassName, String errorString) {
        super(message(function, errorCode, errorClass, errorClassName, errorString));
        this.function = function;
        this.errorCode = errorCode;
        this.errorClass = errorClass;
        this.errorClassName = errorClassName;
        this.errorString = errorString;
    }

    private static String message(String function, int code, int errorClass, String className, String text) {
        StringBuilder message = new StringBuilder(function).append(" failed: ");
        message.append(className != null ? className : "error class " + errorClass);
        message.append(" (code ").append(code);
        if (className != null) {
            message.append(", class ").append(errorClass);
        }
        message.append(')');
        if (text != null && !text.isBlank()) {
            message.append(": ").append(text.strip());
        }
        return message.toString();
    }

    /** The MPI function that failed ({@code MPI_Send}). */
    public String function() {
        return function;
    }

    /** The error code the function returned. */
    public int errorCode() {
        return errorCode;
    }

    /** The error class of the code ({@code MPI_Error_class}). */
    public int errorClass() {
        return errorClass;
    }

    /** The name of the error class constant ({@code MPI_ERR_RANK}), or null if the implementation has none for it. */
    public String errorClassName() {
        return errorClassName;
    }

    /** The implementation's description of the error ({@code MPI_Error_string}), or null. */
    public String errorString() {
        return errorString;
    }
}
