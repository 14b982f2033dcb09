package org.mpi4all.codegen.java;

import java.util.List;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.ImplementationInfo;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.Signature;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;

/** Small blueprints of the two handle representations, for generator tests that need no MPI (the Go generator's too). */
public final class Fixtures {
    private Fixtures() {}

    /** A slice of an MPICH-like implementation: int handles, a 20-byte status with the source at offset 8. */
    public static Blueprint intHandles() {
        return blueprint("mpich", TypeInfo.HandleCarrier.INTEGER, "int", 4,
                List.of(new TypeInfo.Field("count_lo", "int", 0, 4),
                        new TypeInfo.Field("count_hi_and_cancelled", "int", 4, 4),
                        new TypeInfo.Field("MPI_SOURCE", "int", 8, 4),
                        new TypeInfo.Field("MPI_TAG", "int", 12, 4),
                        new TypeInfo.Field("MPI_ERROR", "int", 16, 4)), 20);
    }

    /** A slice of an Open MPI-like implementation: pointer handles, a 24-byte status with the source first. */
    public static Blueprint pointerHandles() {
        return blueprint("openmpi", TypeInfo.HandleCarrier.POINTER, "struct ompi_communicator_t *", 8,
                List.of(new TypeInfo.Field("MPI_SOURCE", "int", 0, 4),
                        new TypeInfo.Field("MPI_TAG", "int", 4, 4),
                        new TypeInfo.Field("MPI_ERROR", "int", 8, 4),
                        new TypeInfo.Field("_cancelled", "int", 12, 4),
                        new TypeInfo.Field("_ucount", "size_t", 16, 8)), 24);
    }

    private static Blueprint blueprint(String family, TypeInfo.HandleCarrier carrier, String commDefinition,
                                       long handleSize, List<TypeInfo.Field> statusFields, long statusSize) {
        List<TypeInfo> types = List.of(
                integer("int", 4), integer("size_t", 8), integer("MPI_Aint", 8),
                handle("MPI_Comm", commDefinition, carrier, handleSize),
                handle("MPI_Datatype", commDefinition, carrier, handleSize),
                handle("MPI_Win", commDefinition, carrier, handleSize),
                handle("MPI_Errhandler", commDefinition, carrier, handleSize),
                handle("MPI_Op", commDefinition, carrier, handleSize),
                new TypeInfo("MPI_Status", TypeKind.STRUCT, "struct MPI_Status", "struct MPI_Status",
                        statusSize, 4, null, null, statusFields, null),
                new TypeInfo("MPI_User_function", TypeKind.FUNCTION, null, null, 0, 0, null, null, null,
                        new Signature("void", List.of(p("invec", "void *"), p("inoutvec", "void *"),
                                p("len", "int *"), p("datatype", "MPI_Datatype *")), false)),
                new TypeInfo("MPI_Comm_copy_attr_function", TypeKind.FUNCTION, null, null, 0, 0, null, null, null,
                        new Signature("int", List.of(p("oldcomm", "MPI_Comm"), p("comm_keyval", "int"),
                                p("extra_state", "void *"), p("attribute_val_in", "void *"),
                                p("attribute_val_out", "void *"), p("flag", "int *")), false)));
        List<FunctionInfo> functions = List.of(
                function("MPI_Send", "int", true, p("buf", "const void *"), p("count", "int"),
                        p("datatype", "MPI_Datatype"), p("dest", "int"), p("tag", "int"), p("comm", "MPI_Comm")),
                function("MPI_Isend", "int", true, p("buf", "const void *"), p("count", "int"),
                        p("datatype", "MPI_Datatype"), p("dest", "int"), p("tag", "int"), p("comm", "MPI_Comm"),
                        p("request", "int *")),
                function("MPI_Op_create", "int", true, p("user_fn", "MPI_User_function *"), p("commute", "int"),
                        p("op", "MPI_Op *")),
                function("MPI_Comm_rank", "int", true, p("comm", "MPI_Comm"), p("rank", "int *")),
                function("MPI_Allreduce", "int", true, p("sendbuf", "const void *"), p("recvbuf", "void *"),
                        p("count", "int"), p("datatype", "MPI_Datatype"), p("op", "MPI_Op"), p("comm", "MPI_Comm")),
                function("MPI_Comm_set_errhandler", "int", true, p("comm", "MPI_Comm"), p("errhandler", "MPI_Errhandler")),
                function("MPI_Win_set_errhandler", "int", true, p("win", "MPI_Win"), p("errhandler", "MPI_Errhandler")),
                function("MPI_Init", "int", true, p("argc", "int *"), p("argv", "char ***")),
                function("MPI_Win_create", "int", true, p("base", "void *"), p("size", "MPI_Aint"),
                        p("disp_unit", "int"), p("info", "int"), p("comm", "MPI_Comm"), p("win", "MPI_Win *")),
                function("MPI_Wtime", "double", false),
                function("MPI_Comm_f2c", "MPI_Comm", false, p("comm", "int")),
                new FunctionInfo("MPI_Aint_add", new Signature("MPI_Aint",
                        List.of(p("base", "MPI_Aint"), p("disp", "MPI_Aint")), false),
                        FunctionInfo.Origin.MACRO, "mpi.h", false, true, false),
                new FunctionInfo("MPI_Pcontrol", new Signature("int", List.of(p("level", "const int")), true),
                        FunctionInfo.Origin.PROTOTYPE, "mpi.h", true, true, true));
        List<ConstantInfo> constants = List.of(
                constant("MPI_COMM_WORLD", "MPI_Comm", ConstantKind.HANDLE, "((MPI_Comm)0x44000000)", 0x44000000L),
                constant("MPI_COMM_SELF", "MPI_Comm", ConstantKind.HANDLE, "((MPI_Comm)0x44000001)", 0x44000001L),
                constant("MPI_ERRORS_RETURN", "MPI_Errhandler", ConstantKind.HANDLE, "((MPI_Errhandler)0x54000001)", 0x54000001L),
                constant("MPI_SUM", "MPI_Op", ConstantKind.HANDLE, "((MPI_Op)0x58000003)", 0x58000003L),
                constant("MPI_OP_NULL", "MPI_Op", ConstantKind.HANDLE, "((MPI_Op)0x18000000)", 0x18000000L),
                constant("MPI_ANY_SOURCE", "int", ConstantKind.INTEGER, "(-2)", -2L),
                constant("MPI_ERR_OTHER", "int", ConstantKind.INTEGER, "15", 15L),
                constant("MPI_ERR_RANK", "int", ConstantKind.INTEGER, "6", 6L),
                constant("MPI_ERR_LASTCODE", "int", ConstantKind.INTEGER, "0x3fffffff", 0x3fffffffL),
                constant("MPI_IN_PLACE", "void *", ConstantKind.POINTER, "((void *) -1)", -1L),
                constant("MPI_DISPLACEMENT_CURRENT", "MPI_Aint", ConstantKind.INTEGER, "((MPI_Aint)-54278278)", -54278278L),
                // an MPI_Aint constant of no standard int type: stays long
                constant("MPIX_AINT_CONSTANT", "MPI_Aint", ConstantKind.INTEGER, "((MPI_Aint)-1)", -1L),
                new ConstantInfo("MPI_THREAD_MULTIPLE", "int", ConstantKind.INTEGER, ConstantInfo.Origin.ENUM,
                        null, 3L, null, null));
        return new Blueprint(Blueprint.SCHEMA_VERSION,
                new ImplementationInfo(family, family, "1.0", family + " library version 1.0", 4, 0,
                        "/usr/lib/libmpi.so.12", "/usr/bin/mpicc", List.of("mpi.h"), List.of(), List.of()),
                types, functions, constants);
    }

    private static Parameter p(String name, String type) {
        return new Parameter(name, type);
    }

    private static TypeInfo integer(String name, long size) {
        return new TypeInfo(name, TypeKind.INTEGER, null, name, size, size, true, null, null, null);
    }

    private static TypeInfo handle(String name, String definition, TypeInfo.HandleCarrier carrier, long size) {
        return new TypeInfo(name, TypeKind.HANDLE, definition, definition, size, size, null, carrier, null, null);
    }

    private static FunctionInfo function(String name, String returns, boolean errorCode, Parameter... parameters) {
        return new FunctionInfo(name, new Signature(returns, List.of(parameters), false),
                FunctionInfo.Origin.PROTOTYPE, "mpi.h", true, true, errorCode);
    }

    private static ConstantInfo constant(String name, String type, ConstantKind kind, String expression, Long value) {
        return new ConstantInfo(name, type, kind, ConstantInfo.Origin.MACRO, expression, value, null, null);
    }
}
