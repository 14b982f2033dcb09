package org.mpi4all.core.blueprint;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one MPI implementation's C interface declares, measured on the machine where it is
 * installed: the language-neutral input of every generator. {@link BlueprintJson} reads and writes it;
 * {@code docs/blueprint.md} documents the schema.
 *
 * @param schema         the schema version, {@link #SCHEMA_VERSION} for blueprints this code writes
 * @param implementation which implementation this is and how to build and load against it
 * @param types          every named C type the functions, constants and callbacks use, by name
 * @param functions      every function {@code mpi.h} declares (and function-like macros standing for
 *                       API functions), by name
 * @param constants      every macro and enum constant, by name
 * @param skipped        every other {@code MPI_}/{@code MPIX_} name the headers define, with the reason it is
 *                       not in the blueprint (an include guard, a macro for a removed function, a constant
 *                       the compiler rejects), by name
 */
public record Blueprint(
        int schema,
        ImplementationInfo implementation,
        List<TypeInfo> types,
        List<FunctionInfo> functions,
        List<ConstantInfo> constants,
        List<Skipped> skipped) {

    /** The schema version this code reads and writes. */
    public static final int SCHEMA_VERSION = 1;

    public Blueprint {
        Objects.requireNonNull(implementation, "implementation == null");
        types = Names.sortedCopy(types, TypeInfo::name, "type");
        functions = Names.sortedCopy(functions, FunctionInfo::name, "function");
        constants = Names.sortedCopy(constants, ConstantInfo::name, "constant");
        skipped = Names.sortedCopy(skipped, Skipped::name, "skipped name");
    }

    /** A blueprint that skipped nothing. */
    public Blueprint(int schema, ImplementationInfo implementation, List<TypeInfo> types, List<FunctionInfo> functions,
            List<ConstantInfo> constants) {
        this(schema, implementation, types, functions, constants, List.of());
    }

    /** A name the headers define that the blueprint leaves out, and why. */
    public record Skipped(String name, String reason) {
        public Skipped {
            Objects.requireNonNull(name, "name == null");
            Objects.requireNonNull(reason, "reason == null");
        }
    }

    public Optional<TypeInfo> type(String name) {
        return Names.find(types, TypeInfo::name, name);
    }

    public Optional<FunctionInfo> function(String name) {
        return Names.find(functions, FunctionInfo::name, name);
    }

    public Optional<ConstantInfo> constant(String name) {
        return Names.find(constants, ConstantInfo::name, name);
    }
}
