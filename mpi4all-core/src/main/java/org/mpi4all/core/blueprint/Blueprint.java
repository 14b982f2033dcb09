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
 */
public record Blueprint(
        int schema,
        ImplementationInfo implementation,
        List<TypeInfo> types,
        List<FunctionInfo> functions,
        List<ConstantInfo> constants) {

    /** The schema version this code reads and writes. */
    public static final int SCHEMA_VERSION = 1;

    public Blueprint {
        Objects.requireNonNull(implementation, "implementation == null");
        types = Names.sortedCopy(types, TypeInfo::name, "type");
        functions = Names.sortedCopy(functions, FunctionInfo::name, "function");
        constants = Names.sortedCopy(constants, ConstantInfo::name, "constant");
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
