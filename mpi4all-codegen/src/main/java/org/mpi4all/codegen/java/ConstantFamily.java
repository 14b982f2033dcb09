package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;
import org.mpi4all.core.blueprint.ConstantInfo;

/**
 * The families {@code Mpi}'s constants are declared in, each an interface that {@code Mpi} implements.
 * A JVM initialises a class without its superinterfaces (those that declare no default method), and an interface
 * when a field it declares is first read: so a program reads {@code Mpi.MPI_INT} as before, and pays for reading the
 * datatypes from the library only then, and never for the some 700 QMPI function identifiers it does not use.
 */
enum ConstantFamily {
    DATATYPES("MpiDatatypes", "the predefined datatypes ({@code MPI_INT}, {@code MPI_DOUBLE}, ...) and"
            + " {@code MPI_DATATYPE_NULL}"),
    OPERATIONS("MpiOperations", "the predefined reduction operations ({@code MPI_SUM}, ...) and {@code MPI_OP_NULL}"),
    HANDLES("MpiHandles", "the other predefined and null handles: communicators ({@code MPI_COMM_WORLD}, ...), groups,"
            + " error handlers, infos, requests, windows, files, sessions, messages and the tool interface's"),
    SENTINELS("MpiSentinels", "the pointer constants: buffer and status sentinels ({@code MPI_IN_PLACE},"
            + " {@code MPI_BOTTOM}, {@code MPI_STATUS_IGNORE}, ...) and the predefined callbacks"
            + " ({@code MPI_COMM_NULL_COPY_FN}, ...)"),
    ERROR_CLASSES("MpiErrorClasses", "{@code MPI_SUCCESS} and the error classes ({@code MPI_ERR_*},"
            + " {@code MPI_T_ERR_*})"),
    TOOL_INTERFACE("MpiToolConstants", "the tool interface's other constants ({@code MPI_T_*})"),
    FUNCTION_IDENTIFIERS("MpiFunctionIdentifiers", "MPICH's QMPI function identifiers, one per function"
            + " ({@code MPI_SEND_T} for {@code MPI_Send}, ...)"),
    VALUES("MpiValues", "every other constant: wildcards and limits ({@code MPI_ANY_SOURCE},"
            + " {@code MPI_MAX_PROCESSOR_NAME}, ...), versions, thread levels, modes, combiners, comparison results,"
            + " window attributes, strings");

    private final String interfaceName;
    private final String contents;

    ConstantFamily(String interfaceName, String contents) {
        this.interfaceName = interfaceName;
        this.contents = contents;
    }

    ClassName interfaceIn(String packageName) {
        return ClassName.get(packageName, interfaceName);
    }

    /** Javadoc of the family's interface: what it holds. */
    String contents() {
        return contents;
    }

    static ConstantFamily of(ConstantInfo constant, TypeMapper types) {
        String name = constant.name();
        return switch (constant.kind()) {
            case HANDLE -> types.carrier(constant.type()) instanceof Carrier.Handle handle
                    ? switch (handle.type().simpleName()) {
                        case "MPI_Datatype" -> DATATYPES;
                        case "MPI_Op" -> OPERATIONS;
                        default -> HANDLES;
                    }
                    : HANDLES;
            case POINTER, FUNCTION -> SENTINELS;
            case INTEGER -> name.equals("MPI_SUCCESS") || name.startsWith("MPI_ERR_") || name.startsWith("MPIX_ERR_")
                    || name.startsWith("MPI_T_ERR_") ? ERROR_CLASSES
                    : isFunctionIdentifier(constant) ? FUNCTION_IDENTIFIERS
                    : name.startsWith("MPI_T_") ? TOOL_INTERFACE
                    : VALUES;
            default -> VALUES;
        };
    }

    /**
     * MPICH's {@code QMPI_Functions_enum}: an enum constant per function, its name in capitals with {@code _T}
     * ({@code MPI_SEND_T}; also for functions the standard removed, and {@code MPI_LAST_FUNC_T}). No other enum
     * constant of an implementation or of the standard ends in {@code _T}.
     */
    private static boolean isFunctionIdentifier(ConstantInfo constant) {
        return constant.origin() == ConstantInfo.Origin.ENUM && constant.name().endsWith("_T");
    }
}
