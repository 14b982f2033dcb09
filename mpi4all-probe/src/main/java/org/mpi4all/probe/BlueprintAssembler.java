package org.mpi4all.probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.mpi4all.core.auxiliary.AuxLibrarySource;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.core.blueprint.FunctionInfo;
import org.mpi4all.core.blueprint.Parameter;
import org.mpi4all.core.blueprint.Signature;
import org.mpi4all.core.blueprint.TypeInfo;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;
import org.mpi4all.core.standard.StandardApi;

/**
 * Pipeline stage 5: turns the inventory of the header and the measurements into the blueprint's functions,
 * constants and types. Names and signatures are settled before measuring (the measuring program checks the
 * auxiliary library's wrappers), values and layouts after.
 */
final class BlueprintAssembler {
    /** Non-standard functions returning int whose result is an answer, not an error code. */
    private static final Pattern QUERY = Pattern.compile("MPIX?_\\w*(Query_\\w+_support|_is_\\w+)");

    private final HeaderInventory inventory;
    private final StandardApi standard;
    private final ParameterNamer namer;
    private final TypeTable table;
    private final TypeCatalog catalog;
    private final Map<String, Signature> functionSignatures = new LinkedHashMap<>();
    private final Map<String, Signature> typeSignatures = new HashMap<>();
    /** Each constant's type as its declaration gives it, for telling integer handle types (see {@link TypeCatalog}). */
    private final Map<String, String> declaredConstantTypes = new HashMap<>();

    BlueprintAssembler(HeaderInventory inventory, StandardApi standard) {
        this.inventory = inventory;
        this.standard = standard;
        this.namer = new ParameterNamer(standard);
        this.table = inventory.types();
        this.catalog = new TypeCatalog(table);
        for (HeaderInventory.FunctionCandidate function : inventory.functions()) {
            functionSignatures.put(function.name(), signature(function.name(), function.type(),
                    function.parameterNames(), List.of()));
            catalog.add(function.type());
        }
        inventory.typedefHeaders().keySet().forEach(catalog::addName);
        for (HeaderInventory.ConstantCandidate constant : inventory.constants()) {
            if (constant.declaredType() != null) {
                catalog.add(constant.declaredType());
                declaredConstantTypes.put(constant.name(), constant.declaredType().spelling());
            }
        }
        standardConstantTypes().values().forEach(catalog::add);
    }

    /** Every item the measuring program must measure. */
    MeasurementProgram.Plan plan() {
        List<MeasurementProgram.Item> items = new ArrayList<>();
        for (HeaderInventory.ConstantCandidate constant : inventory.constants()) {
            items.add(new MeasurementProgram.Item.Constant(constant.name()));
            if (constant.origin() == ConstantInfo.Origin.MACRO) {
                items.add(new MeasurementProgram.Item.StaticInitializer(constant.name()));
            }
        }
        List<String> typeNames = new ArrayList<>(TypeCatalog.BASIC_TYPES);
        catalog.names().stream().filter(n -> !typeNames.contains(n)).forEach(typeNames::add);
        for (String name : typeNames) {
            if (!catalog.isMeasurable(name)) {
                continue;
            }
            items.add(new MeasurementProgram.Item.Type(name, catalog.category(name) == TypeTable.Category.INTEGER));
            if (catalog.category(name) == TypeTable.Category.STRUCT) {
                table.structOf(new CType.Named(name)).ifPresent(s -> catalog.fields(s).stream()
                        .filter(f -> f.bitWidth() < 0)
                        .forEach(f -> items.add(new MeasurementProgram.Item.Field(name, f.name()))));
            }
        }
        for (HeaderInventory.FunctionCandidate function : inventory.functions()) {
            if (needsWrapper(function)) {
                items.add(new MeasurementProgram.Item.MacroCall(function.name(),
                        AuxLibrarySource.wrapper("static ", "m4a_call_", function.name(), functionSignatures.get(function.name()))));
            }
        }
        List<String> symbols = inventory.functions().stream().map(HeaderInventory.FunctionCandidate::name).toList();
        boolean version = functionSignatures.containsKey("MPI_Get_library_version");
        String anchor = version ? "MPI_Get_library_version"
                : inventory.functions().stream().filter(HeaderInventory.FunctionCandidate::linkable)
                        .map(HeaderInventory.FunctionCandidate::name).findFirst()
                        .orElseThrow(() -> new ProbeException("mpi.h declares no MPI function a library could export"));
        return new MeasurementProgram.Plan(items, symbols, anchor, version);
    }

    /** Whether the auxiliary library must provide the function: C code cannot reach it through a symbol, or it takes varargs. */
    private static boolean needsWrapper(HeaderInventory.FunctionCandidate function) {
        return !function.linkable() || function.type().varargs();
    }

    /** Removes what the compiler rejected, saying why. */
    void drop(MeasurementProgram.Item item, String compilerMessage) {
        switch (item) {
            case MeasurementProgram.Item.Constant c -> inventory.dropConstant(c.name(),
                    "the compiler rejects " + expansionOf(c.name()) + ": " + compilerMessage);
            case MeasurementProgram.Item.StaticInitializer s -> inventory.dropConstant(s.name(),
                    "its value cannot initialise a static object, so no read-only symbol can hold it: " + compilerMessage);
            case MeasurementProgram.Item.MacroCall m -> {
                inventory.dropFunction(m.name(), "the auxiliary library cannot call it: " + compilerMessage);
                functionSignatures.remove(m.name());
            }
            case MeasurementProgram.Item.Type t ->
                    throw new ProbeException("the compiler cannot measure type " + t.name() + ": " + compilerMessage);
            case MeasurementProgram.Item.Field f ->
                    throw new ProbeException("the compiler cannot measure " + f.name() + "." + f.field() + ": " + compilerMessage);
        }
    }

    private String expansionOf(String constant) {
        String expansion = inventory.constants().stream().filter(c -> c.name().equals(constant))
                .map(HeaderInventory.ConstantCandidate::expansion).filter(e -> e != null).findFirst().orElse(constant);
        return "'" + (expansion.length() > 120 ? expansion.substring(0, 120) + "..." : expansion) + "'";
    }

    List<FunctionInfo> functions(Measurements measurements, String library) {
        List<FunctionInfo> functions = new ArrayList<>();
        for (HeaderInventory.FunctionCandidate function : inventory.functions()) {
            boolean exported = function.origin() == FunctionInfo.Origin.PROTOTYPE && function.linkable()
                    && measurements.exported().contains(function.name());
            if (function.origin() == FunctionInfo.Origin.PROTOTYPE && function.linkable() && !exported) {
                inventory.dropFunction(function.name(), "declared in " + function.header() + " but " + library
                        + " does not export it, so neither C nor a binding can call it");
                continue;
            }
            Optional<StandardApi.Procedure> procedure = standard.procedure(function.name());
            boolean returnsInt = table.canonical(function.type().returns()).equals(new CType.Named("int"));
            boolean errorCode = returnsInt && procedure.map(StandardApi.Procedure::returnsErrorCode)
                    .orElse(!QUERY.matcher(function.name()).matches());
            functions.add(new FunctionInfo(function.name(), functionSignatures.get(function.name()), function.origin(),
                    function.header(), exported, procedure.isPresent(), errorCode));
        }
        return functions;
    }

    List<ConstantInfo> constants(Measurements measurements) {
        List<ConstantInfo> constants = new ArrayList<>();
        for (HeaderInventory.ConstantCandidate candidate : inventory.constants()) {
            Measurements.Constant measured = measurements.constant(candidate.name()).orElseThrow(
                    () -> new ProbeException("the measuring program printed nothing for " + candidate.name()));
            CType type = constantType(candidate, measured);
            catalog.add(type);
            ConstantKind kind = constantKind(type, measured);
            Long value = null;
            Double floatValue = null;
            String text = null;
            switch (measured.value()) {
                case Measurements.Value.Integer integer when measured.constant() || !integer.pointer() -> value = integer.value();
                case Measurements.Value.Floating floating -> floatValue = floating.value();
                case Measurements.Value.Text string -> text = string.value();
                default -> { }
            }
            constants.add(new ConstantInfo(candidate.name(), type.spelling(), kind, candidate.origin(),
                    candidate.expression(), candidate.expansion(), value, floatValue, text));
        }
        return constants;
    }

    /** Every type in the catalog; call after {@link #constants}, which adds the constants' own types. */
    List<TypeInfo> types(Measurements measurements) {
        List<TypeInfo> types = new ArrayList<>();
        for (String name : List.copyOf(catalog.names())) {
            types.add(catalog.describe(name, measurements, this::hasConstantOfType, this::typeSignature));
        }
        return types;
    }

    private boolean hasConstantOfType(String constant, String type) {
        return type.equals(declaredConstantTypes.get(constant));
    }

    Map<String, List<String>> derivedParameterNames() {
        return namer.derivedNames();
    }

    // ---------------------------------------------------------------- constants

    /**
     * The header's type for a constant (its cast, its declaration, the function it names), else what the
     * compiler measured; spelled as the standard spells it when the standard's type is the same type (MPICH
     * declares {@code MPI_T_PVAR_ALL_HANDLES} as {@code struct MPIR_T_pvar_handle_s *}, the standard as
     * {@code MPI_T_pvar_handle}). Functions become function pointers: a constant is a value.
     */
    private CType constantType(HeaderInventory.ConstantCandidate candidate, Measurements.Constant measured) {
        CType type = candidate.declaredType();
        Optional<CType> standardType = Optional.ofNullable(standardConstantTypes().get(candidate.name()));
        if (type == null) {
            if (measured.value() instanceof Measurements.Value.Text) {
                type = CDeclarationParser.parseType("const char *");
            } else if (!measured.cType().isEmpty()) {
                type = CDeclarationParser.parseType(measured.cType());
            } else {
                type = standardType.orElse(CDeclarationParser.parseType("void *"));
            }
        }
        type = decay(type.unqualified());
        if (standardType.isPresent() && sameType(standardType.get(), type)) {
            type = standardType.get();
        }
        return type;
    }

    private boolean sameType(CType a, CType b) {
        return table.canonical(decay(a.unqualified())).equals(table.canonical(decay(b.unqualified())));
    }

    private static CType decay(CType type) {
        return switch (type) {
            case CType.Function function -> new CType.Pointer(function);
            case CType.Array array -> new CType.Pointer(array.element());
            default -> type;
        };
    }

    private ConstantKind constantKind(CType type, Measurements.Constant measured) {
        if (type instanceof CType.Named named && catalog.isHandle(named.name(), this::hasConstantOfType)) {
            return ConstantKind.HANDLE;
        }
        CType canonical = table.canonical(type);
        if (canonical instanceof CType.Pointer pointer && table.canonical(pointer.target()) instanceof CType.Function) {
            return ConstantKind.FUNCTION;
        }
        if (measured.value() instanceof Measurements.Value.Text) {
            return ConstantKind.STRING;
        }
        return switch (table.category(type)) {
            case INTEGER -> ConstantKind.INTEGER;
            case FLOAT -> ConstantKind.FLOAT;
            default -> ConstantKind.POINTER;
        };
    }

    private Map<String, CType> standardConstantTypes() {
        Map<String, CType> types = new HashMap<>();
        for (HeaderInventory.ConstantCandidate constant : inventory.constants()) {
            standard.constantType(constant.name()).ifPresent(t -> types.put(constant.name(), CDeclarationParser.parseType(t)));
        }
        return types;
    }

    // ---------------------------------------------------------------- signatures

    private Signature signature(String owner, CType.Function type, List<String> headerNames, List<String> fallback) {
        List<Parameter> parameters = namer.parameters(owner, type, headerNames, fallback);
        return new Signature(type.returns().spelling(), parameters, type.varargs());
    }

    /** The signature of a function type or function pointer typedef, with parameter names from wherever they are. */
    private Signature typeSignature(String name) {
        Signature known = typeSignatures.get(name);
        if (known != null) {
            return known;
        }
        CType definition = table.definition(name).orElseThrow();
        List<String> headerNames = table.typedef(name).map(t -> t.parameterNames()).orElse(List.of());
        Signature signature;
        if (definition instanceof CType.Pointer pointer && pointer.target() instanceof CType.Function function) {
            signature = signature(name, function, headerNames, aliasNames(name, function));
        } else if (definition instanceof CType.Function function) {
            signature = signature(name, function, headerNames, aliasNames(name, function));
        } else {
            // An alias of another function type (typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;).
            String target = ((CType.Named) definition).name();
            Signature aliased = typeSignature(target);
            CType.Function function = aliasedFunction(target);
            signature = signature(name, function, List.of(), aliased.parameters().stream().map(Parameter::name).toList());
        }
        typeSignatures.put(name, signature);
        return signature;
    }

    private CType.Function aliasedFunction(String name) {
        CType definition = table.definition(name).orElseThrow();
        return switch (definition) {
            case CType.Function function -> function;
            case CType.Pointer pointer when pointer.target() instanceof CType.Function function -> function;
            case CType.Named named -> aliasedFunction(named.name());
            default -> throw new IllegalStateException(name + " is not a function type");
        };
    }

    /**
     * Names for a function type nobody named, taken from a standard typedef that aliases it (Open MPI's
     * {@code ompi_file_errhandler_fn} is what {@code MPI_File_errhandler_function} stands for).
     */
    private List<String> aliasNames(String name, CType.Function function) {
        for (String alias : new TreeSet<>(table.typeNames())) {
            if (table.definition(alias).orElseThrow().equals(new CType.Named(name))) {
                Optional<StandardApi.Procedure> procedure = standard.procedure(alias)
                        .filter(p -> p.parameters().size() == function.parameters().size());
                if (procedure.isPresent()) {
                    return procedure.get().parameters().stream().map(StandardApi.Parameter::name).toList();
                }
            }
        }
        return List.of();
    }
}
