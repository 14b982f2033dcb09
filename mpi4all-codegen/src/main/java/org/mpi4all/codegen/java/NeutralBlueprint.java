package org.mpi4all.codegen.java;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.ImplementationInfo;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.blueprint.TypeKind;

/**
 * The union of several implementations' blueprints, as the implementation-neutral bindings see it: every
 * standard {@code MPI_} function and every {@code MPI_} constant and type any of them declares. Where they differ
 * in a declaration, the newest standard's header wins: the MPI-5 ABI header ({@code mpiabi}, written by the MPI
 * Forum), then MPICH 5, Open MPI 5, Intel MPI, MPICH 4, Open MPI 4, then any other by name. Which C carrier a
 * handle has and what a constant's value is are left to the run time (the ABI profiles), so the merged types say
 * nothing about them that the Java surface depends on.
 */
final class NeutralBlueprint {
    private static final List<String> PREFERENCE = List.of("mpiabi", "mpich5", "openmpi5", "intelmpi", "mpich", "openmpi");

    private NeutralBlueprint() {}

    static Blueprint merge(List<Blueprint> profiles) {
        if (profiles.isEmpty()) {
            throw new IllegalArgumentException("no blueprints to merge");
        }
        List<Blueprint> ordered = profiles.stream().sorted(Comparator
                .comparingInt((Blueprint b) -> rank(b.implementation().name()))
                .thenComparing(b -> b.implementation().name())).toList();
        Map<String, FunctionInfo> functions = new LinkedHashMap<>();
        Map<String, ConstantInfo> constants = new LinkedHashMap<>();
        Map<String, TypeInfo> types = new LinkedHashMap<>();
        for (Blueprint blueprint : ordered) {
            for (FunctionInfo function : blueprint.functions()) {
                if (function.standard() && function.name().startsWith("MPI_")) {
                    // The library (or the runtime's stand-in for a macro) provides it, or the call says it does not.
                    functions.putIfAbsent(function.name(), new FunctionInfo(function.name(), function.signature(),
                            FunctionInfo.Origin.PROTOTYPE, function.header(), true, true, function.errorCode()));
                }
            }
            for (ConstantInfo constant : blueprint.constants()) {
                if (constant.name().startsWith("MPI_")) {
                    constants.putIfAbsent(constant.name(), constant);
                }
            }
            for (TypeInfo type : blueprint.types()) {
                if (!type.name().startsWith("MPIX_") && (type.kind() != TypeKind.STRUCT || type.name().equals("MPI_Status"))) {
                    types.putIfAbsent(type.name(), type);
                }
            }
        }
        String sources = ordered.stream()
                .map(b -> b.implementation().name() + " " + b.implementation().version())
                .collect(Collectors.joining(", "));
        Blueprint newest = ordered.getFirst();
        ImplementationInfo implementation = new ImplementationInfo("neutral", "neutral", sources, null,
                newest.implementation().mpiVersion(), newest.implementation().mpiSubversion(), null, null,
                List.of(), List.of(), List.of());
        return new Blueprint(Blueprint.SCHEMA_VERSION, implementation, values(types), values(functions), values(constants));
    }

    /**
     * {@code blueprint} with the standard functions and constants of {@code neutral} it lacks, and the handle types
     * they need (carried as {@code blueprint}'s {@code MPI_Comm} is). Those functions are absent from the library:
     * calling one throws; those constants are undefined there.
     */
    static Blueprint complete(Blueprint blueprint, Blueprint neutral) {
        Map<String, TypeInfo> types = new LinkedHashMap<>();
        blueprint.types().forEach(t -> types.put(t.name(), t));
        TypeInfo.HandleCarrier carrier = blueprint.type("MPI_Comm").map(TypeInfo::carrier).orElse(TypeInfo.HandleCarrier.POINTER);
        for (TypeInfo type : neutral.types()) {
            if (!types.containsKey(type.name()) && type.kind() != TypeKind.STRUCT) {
                types.put(type.name(), type.isHandle() ? new TypeInfo(type.name(), type.kind(), type.definition(),
                        type.canonical(), type.size(), type.align(), type.signed(), carrier, type.fields(),
                        type.signature()) : type);
            }
        }
        Map<String, FunctionInfo> functions = new LinkedHashMap<>();
        blueprint.functions().forEach(f -> functions.put(f.name(), f));
        neutral.functions().forEach(f -> functions.putIfAbsent(f.name(), f));
        Map<String, ConstantInfo> constants = new LinkedHashMap<>();
        blueprint.constants().forEach(c -> constants.put(c.name(), c));
        neutral.constants().forEach(c -> constants.putIfAbsent(c.name(), c));
        return new Blueprint(blueprint.schema(), blueprint.implementation(), values(types), values(functions),
                values(constants), blueprint.skipped());
    }

    private static int rank(String name) {
        int index = PREFERENCE.indexOf(name);
        return index < 0 ? PREFERENCE.size() : index;
    }

    private static <T> List<T> values(Map<String, T> map) {
        return new ArrayList<>(map.values());
    }
}
