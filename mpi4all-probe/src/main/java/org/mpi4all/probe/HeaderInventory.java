package org.mpi4all.probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.c.CDeclaration;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CTranslationUnit;
import org.mpi4all.core.c.CType;
import org.mpi4all.core.standard.StandardApi;

/**
 * Pipeline stage 3: sorts what MPI's own headers declare into the functions, constants and type macros of
 * the blueprint, and says why anything else named {@code MPI_}/{@code MPIX_} is left out. Only names with
 * those prefixes count; {@code PMPI_} profiling entry points and implementation internals do not.
 */
final class HeaderInventory {
    private static final Pattern MPI_NAME = Pattern.compile("MPIX?_\\w+");

    /**
     * A function of the MPI interface.
     *
     * @param parameterNames the header's names, null where it gives none
     * @param linkable       whether a library could export it: a prototype without a body or {@code static}
     */
    record FunctionCandidate(String name, CType.Function type, List<String> parameterNames,
            FunctionInfo.Origin origin, String header, boolean linkable) {}

    /**
     * A constant of the MPI interface.
     *
     * @param expression   a macro's replacement text as the header writes it; null otherwise
     * @param expansion    what the expression fully expands to; null for enum constants and variables
     * @param declaredType the type the declaration itself gives: a macro's outermost cast, a variable's type,
     *                     a pointer to the function a macro names; null when only the compiler can tell
     */
    record ConstantCandidate(String name, ConstantInfo.Origin origin, String header, String expression,
            String expansion, CType declaredType) {}

    /** A name left out of the blueprint, and why. */
    record Skipped(String name, String reason) {}

    private final Map<String, FunctionCandidate> functions = new LinkedHashMap<>();
    private final Map<String, ConstantCandidate> constants = new LinkedHashMap<>();
    private final Map<String, String> typeMacros = new LinkedHashMap<>();
    private final Map<String, String> skipped = new LinkedHashMap<>();
    private final List<String> headers = new ArrayList<>();
    private final Map<String, String> typedefHeaders = new HashMap<>();
    private final TypeTable types;
    /** Every function the translation unit declares, MPI's or not, for macros that name one. */
    private Map<String, CDeclaration.Function> declaredFunctions = Map.of();

    private HeaderInventory(TypeTable types) {
        this.types = types;
    }

    /**
     * Takes stock of a parsed {@code mpi.h}.
     *
     * @param expander expands object-like macros by name (the wrapper's preprocessor)
     */
    static HeaderInventory of(CTranslationUnit unit, HeaderScope scope, StandardApi standard,
            Function<List<String>, Map<String, String>> expander) {
        HeaderInventory inventory = new HeaderInventory(new TypeTable(unit.declarations()));
        inventory.collectDeclarations(unit, scope);
        inventory.collectMacros(unit, scope, standard, expander);
        return inventory;
    }

    List<FunctionCandidate> functions() {
        return List.copyOf(functions.values());
    }

    List<ConstantCandidate> constants() {
        return List.copyOf(constants.values());
    }

    /** Macros that stand for types, with their expansions ({@code MPI_Fint} -> {@code int}). */
    Map<String, String> typeMacros() {
        return typeMacros;
    }

    List<Skipped> skipped() {
        return skipped.entrySet().stream().map(e -> new Skipped(e.getKey(), e.getValue())).toList();
    }

    /** The MPI headers that declare something, {@code mpi.h} first. */
    List<String> headers() {
        return headers;
    }

    /** Typedefs named {@code MPI_}/{@code MPIX_} that MPI's headers declare, with the header declaring each. */
    Map<String, String> typedefHeaders() {
        return typedefHeaders;
    }

    TypeTable types() {
        return types;
    }

    /** Drops a constant the compiler rejected. */
    void dropConstant(String name, String reason) {
        constants.remove(name);
        skipped.put(name, reason);
    }

    /** Drops a function-like macro whose call the compiler rejected. */
    void dropFunction(String name, String reason) {
        functions.remove(name);
        skipped.put(name, reason);
    }

    private void collectDeclarations(CTranslationUnit unit, HeaderScope scope) {
        Map<String, CDeclaration.Function> functionsByName = new HashMap<>();
        for (CDeclaration declaration : unit.declarations()) {
            Optional<String> header = scope.headerName(declaration.location().file());
            if (header.isEmpty()) {
                continue;
            }
            if (!headers.contains(header.get())) {
                headers.add(header.get());
            }
            switch (declaration) {
                case CDeclaration.Function f when isMpiName(f.name()) -> addFunction(f, header.get());
                case CDeclaration.Typedef t when isMpiName(t.name()) -> typedefHeaders.putIfAbsent(t.name(), header.get());
                case CDeclaration.Enum e -> {
                    for (CDeclaration.Enum.Enumerator enumerator : e.enumerators()) {
                        if (isMpiName(enumerator.name())) {
                            addConstant(new ConstantCandidate(enumerator.name(), ConstantInfo.Origin.ENUM,
                                    header.get(), null, null, null));
                        }
                    }
                }
                case CDeclaration.Variable v when isMpiName(v.name()) && v.isExtern() -> addConstant(new ConstantCandidate(
                        v.name(), ConstantInfo.Origin.VARIABLE, header.get(), null, null, v.type().unqualified()));
                default -> { }
            }
            if (declaration instanceof CDeclaration.Function f) {
                functionsByName.putIfAbsent(f.name(), f);
            }
        }
        this.declaredFunctions = functionsByName;
    }

    private void addFunction(CDeclaration.Function declaration, String header) {
        FunctionCandidate earlier = functions.get(declaration.name());
        if (earlier == null) {
            functions.put(declaration.name(), new FunctionCandidate(declaration.name(), declaration.type(),
                    declaration.parameterNames(), FunctionInfo.Origin.PROTOTYPE, header,
                    !declaration.defined() && !declaration.isStatic()));
            return;
        }
        // A second declaration (Intel MPI declares the MPI_File functions in mpi.h and mpio.h) may name
        // parameters the first left unnamed.
        List<String> names = new ArrayList<>(earlier.parameterNames());
        for (int i = 0; i < names.size() && i < declaration.parameterNames().size(); i++) {
            if (names.get(i) == null) {
                names.set(i, declaration.parameterNames().get(i));
            }
        }
        boolean linkable = earlier.linkable() && !declaration.defined() && !declaration.isStatic();
        functions.put(earlier.name(), new FunctionCandidate(earlier.name(), earlier.type(), names, earlier.origin(),
                earlier.header(), linkable));
    }

    private void addConstant(ConstantCandidate candidate) {
        if (!constants.containsKey(candidate.name()) && !functions.containsKey(candidate.name())) {
            constants.put(candidate.name(), candidate);
        }
    }

    private void collectMacros(CTranslationUnit unit, HeaderScope scope, StandardApi standard,
            Function<List<String>, Map<String, String>> expander) {
        List<CDeclaration.Macro> objectLike = new ArrayList<>();
        for (CDeclaration.Macro macro : unit.macros().values()) {
            Optional<String> header = scope.headerName(macro.location().file());
            if (header.isEmpty() || !isMpiName(macro.name())) {
                continue;
            }
            if (macro.isFunctionLike()) {
                addFunctionMacro(macro, header.get(), standard);
            } else if (macro.body().isEmpty()) {
                skipped.put(macro.name(), "expands to nothing (a flag or an include guard)");
            } else {
                objectLike.add(macro);
            }
        }
        Map<String, String> expansions = expander.apply(objectLike.stream().map(CDeclaration.Macro::name).toList());
        for (CDeclaration.Macro macro : objectLike) {
            String expansion = expansions.get(macro.name());
            String header = scope.headerName(macro.location().file()).orElseThrow();
            Optional<CType> type = CDeclarationParser.parseTypeName(expansion, types.typeNames());
            if (expansion.isEmpty()) {
                skipped.put(macro.name(), "expands to nothing (a flag or an include guard)");
            } else if (expansion.equals(macro.name()) && constants.containsKey(macro.name())) {
                continue; // #define MPI_X MPI_X over an enum constant or variable: the declaration says more.
            } else if (type.isPresent()) {
                typeMacros.put(macro.name(), expansion);
                types.addMacroType(macro.name(), type.get());
                typedefHeaders.putIfAbsent(macro.name(), header);
            } else {
                constants.remove(macro.name()); // A macro hides a declaration of the same name.
                constants.put(macro.name(), new ConstantCandidate(macro.name(), ConstantInfo.Origin.MACRO, header,
                        macro.body(), expansion, declaredType(expansion)));
            }
        }
    }

    /** The type a macro's expansion declares: its outermost cast, or the function or variable it names. */
    private CType declaredType(String expansion) {
        Optional<CType> cast = CDeclarationParser.castType(expansion, types.typeNames());
        if (cast.isPresent()) {
            return cast.get();
        }
        CDeclaration.Function function = declaredFunctions.get(expansion);
        return function != null ? new CType.Pointer(function.type()) : null;
    }

    /**
     * A function-like macro stands for an API function when the header also declares the function (MPICH's
     * {@code MPI_Comm_c2f}) or the MPI standard defines it with a C signature the probe knows (Open MPI 4.1's
     * {@code MPI_Aint_add}). Others, such as Open MPI's macros for functions removed in MPI-3.0, are left out.
     */
    private void addFunctionMacro(CDeclaration.Macro macro, String header, StandardApi standard) {
        FunctionCandidate prototype = functions.get(macro.name());
        if (prototype != null) {
            functions.put(macro.name(), new FunctionCandidate(prototype.name(), prototype.type(),
                    prototype.parameterNames(), FunctionInfo.Origin.MACRO, prototype.header(), false));
            return;
        }
        Optional<StandardApi.Procedure> procedure = standard.procedure(macro.name())
                .filter(p -> !p.cTypes().isEmpty() && p.parameters().size() == macro.parameters().size());
        if (procedure.isEmpty()) {
            skipped.put(macro.name(), "function-like macro that is neither declared as a function nor an MPI"
                    + " standard function with a known C signature");
            return;
        }
        List<String> cTypes = procedure.get().cTypes();
        CType.Function type = new CType.Function(CDeclarationParser.parseType(cTypes.getFirst()),
                cTypes.subList(1, cTypes.size()).stream().map(CDeclarationParser::parseType).toList(), false);
        functions.put(macro.name(), new FunctionCandidate(macro.name(), type,
                procedure.get().parameters().stream().map(StandardApi.Parameter::name).toList(),
                FunctionInfo.Origin.MACRO, header, false));
    }

    static boolean isMpiName(String name) {
        return MPI_NAME.matcher(name).matches();
    }
}
