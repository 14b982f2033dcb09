package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.mpi4all.codegen.java.Fixtures;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.Signature;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;

/**
 * The generator tests' blueprints ({@link Fixtures}) with what the Go generator must handle besides:
 * sentinels whose value is a small integer, the functions they are passed to, a handle type carried
 * differently from the others (MPICH's {@code MPI_File} is a pointer), a parameter named {@code type}.
 */
final class GoFixtures {
    private GoFixtures() {}

    /** MPICH-like: int handles but a pointer {@code MPI_File}; {@code MPI_STATUS_IGNORE} is {@code (MPI_Status *)1}. */
    static Blueprint mpichLike() {
        return extend(Fixtures.intHandles(), 1L, -1L);
    }

    /** Open MPI-like: pointer handles; {@code MPI_IN_PLACE} is {@code (void *)1}, {@code MPI_STATUS_IGNORE} null. */
    static Blueprint openmpiLike() {
        return extend(Fixtures.pointerHandles(), 0L, 1L);
    }

    private static Blueprint extend(Blueprint base, long statusIgnore, long inPlace) {
        boolean pointers = base.type("MPI_Comm").orElseThrow().carrier() == TypeInfo.HandleCarrier.POINTER;
        List<TypeInfo> types = new ArrayList<>(base.types());
        types.add(handle("MPI_File", TypeInfo.HandleCarrier.POINTER, "struct ADIOI_FileD *"));
        types.add(handle("MPI_Request", pointers ? TypeInfo.HandleCarrier.POINTER : TypeInfo.HandleCarrier.INTEGER,
                pointers ? "struct ompi_request_t *" : "int"));
        List<FunctionInfo> functions = Stream.concat(base.functions().stream(), Stream.of(
                function("MPI_Recv", p("buf", "void *"), p("count", "int"), p("datatype", "MPI_Datatype"),
                        p("source", "int"), p("tag", "int"), p("comm", "MPI_Comm"), p("status", "MPI_Status *")),
                function("MPI_Waitall", p("count", "int"), p("array_of_requests", "MPI_Request []"),
                        p("array_of_statuses", "MPI_Status []")),
                function("MPI_File_close", p("fh", "MPI_File *")),
                function("MPI_Type_get_name", p("type", "MPI_Datatype"), p("type_name", "char *"),
                        p("resultlen", "int *")))).toList();
        List<ConstantInfo> constants = new ArrayList<>(base.constants().stream()
                .filter(c -> !c.name().equals("MPI_IN_PLACE")).toList());
        constants.add(constant("MPI_IN_PLACE", "void *", ConstantKind.POINTER, inPlace));
        constants.add(constant("MPI_STATUS_IGNORE", "MPI_Status *", ConstantKind.POINTER, statusIgnore));
        constants.add(constant("MPI_COMM_NULL_COPY_FN", "MPI_Comm_copy_attr_function *", ConstantKind.FUNCTION, null));
        constants.add(new ConstantInfo("MPI_AINT_FMT_DEC_SPEC", "const char *", ConstantKind.STRING,
                ConstantInfo.Origin.MACRO, "\"%ld\"", null, null, "%ld"));
        return new Blueprint(base.schema(), base.implementation(), types, functions, constants);
    }

    private static Parameter p(String name, String type) {
        return new Parameter(name, type);
    }

    private static TypeInfo handle(String name, TypeInfo.HandleCarrier carrier, String definition) {
        long size = carrier == TypeInfo.HandleCarrier.POINTER ? 8 : 4;
        return new TypeInfo(name, TypeKind.HANDLE, definition, definition, size, size, null, carrier, null, null);
    }

    private static FunctionInfo function(String name, Parameter... parameters) {
        return new FunctionInfo(name, new Signature("int", List.of(parameters), false),
                FunctionInfo.Origin.PROTOTYPE, "mpi.h", true, true, true);
    }

    private static ConstantInfo constant(String name, String type, ConstantKind kind, Long value) {
        return new ConstantInfo(name, type, kind, ConstantInfo.Origin.MACRO, null, value, null, null);
    }
}
