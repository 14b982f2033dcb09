package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The constants of the implementation-neutral bindings, from the loaded library's ABI profile: a number, the address
 * of a symbol the library exports ({@code &ompi_mpi_comm_world}), the pointer an exported variable holds
 * ({@code *MPI_UNWEIGHTED}, read when asked), a string, or, in a profile probed at run time, {@code aux}: the value of
 * the auxiliary library built with it.
 *
 * @param library     libmpi's own symbols, where the profile's symbols are resolved
 * @param libraryPath the library, for messages
 * @param aux         the auxiliary library of a probed profile; null for a carried one, which needs none
 */
record ProfileConstants(AbiProfile profile, SymbolLookup library, String libraryPath, AuxSymbols aux)
        implements ConstantSource {
    private static final String AUX = "aux";

    /**
     * The profile's value of {@code name}, or null where the loaded implementation does not define it. Each constant
     * costs one look-up: {@code Mpi} reads about a thousand of them as it initialises.
     */
    private String value(String name) {
        String value = profile.constants().get(name);
        return value == null || value.equals(AUX) && aux == null ? null : value;
    }

    @Override
    public boolean defines(String name) {
        return value(name) != null;
    }

    @Override
    public int intConstant(String name) {
        String value = value(name);
        return value == null ? MpiLibrary.UNDEFINED : (int) number(name, value);
    }

    @Override
    public long longConstant(String name) {
        String value = value(name);
        return value == null ? MpiLibrary.UNDEFINED : number(name, value);
    }

    @Override
    public long handleConstant(String name, String type) {
        String value = value(name);
        if (value == null) {
            return 0;
        }
        long number = number(name, value);
        return profile.intHandle(type) ? (int) number : number;
    }

    @Override
    public double doubleConstant(String name) {
        String value = profile.constants().get(name);
        if (value == null) {
            return Double.NaN;
        }
        return value.equals(AUX) ? aux.find(name, Double.BYTES).get(JAVA_DOUBLE, 0)
                : Double.parseDouble(value.substring("double:".length()));
    }

    @Override
    public MemorySegment addressConstant(String name) {
        String value = value(name);
        if (value == null) {
            return MemorySegment.NULL;
        }
        return value.equals(AUX) ? aux.find(name, ADDRESS.byteSize()).get(ADDRESS, 0)
                : MemorySegment.ofAddress(number(name, value));
    }

    @Override
    public String stringConstant(String name) {
        String value = profile.constants().get(name);
        return value != null && value.startsWith("\"") ? unquote(value) : ConstantSource.text(addressConstant(name));
    }

    @Override
    public ValueLayout handleLayout(String type) {
        return (profile.intHandle(type) ? (ValueLayout) JAVA_INT : JAVA_LONG).withName(type);
    }

    @Override
    public StructLayout structLayout(String name) {
        AbiProfile.Struct struct = profile.structs().get(name);
        if (struct == null) {
            throw new IllegalStateException("the ABI profile of " + profile.name() + " has no struct " + name);
        }
        return struct.layout();
    }

    @Override
    public MemorySegment auxFunction(String name) {
        if (aux == null) {
            throw new UnsatisfiedLinkError("the ABI profile of " + profile.name() + " needs no auxiliary library, and "
                    + name + " is not called through one");
        }
        return aux.find(name, 0);
    }

    @Override
    public MethodHandle missingFunction(String name, FunctionDescriptor descriptor, String library,
                                        Linker.Option... options) {
        String macro = profile.macroFunctions().get(name);
        if ("java".equals(macro)) {
            return HandleCarriers.toJava(MacroFunctions.of(name), descriptor);
        }
        if (AUX.equals(macro) && aux != null) {
            return HandleCarriers.toJava(Linker.nativeLinker().downcallHandle(auxFunction(name), descriptor, options),
                    descriptor);
        }
        return HandleCarriers.unsupported(name, library, descriptor);
    }

    /**
     * The number-like profile value {@code value} of {@code name}: a number, {@code &symbol} (the symbol's address in
     * the library) or {@code *symbol} (the pointer the library's variable holds), or one the auxiliary library gives.
     */
    private long number(String name, String value) {
        return switch (value.charAt(0)) {
            case '&' -> symbol(value.substring(1), name).address();
            case '*' -> symbol(value.substring(1), name).reinterpret(ADDRESS.byteSize()).get(ADDRESS, 0).address();
            case 'a' -> aux.find(name, Long.BYTES).get(JAVA_LONG, 0);
            default -> Long.parseLong(value);
        };
    }

    private MemorySegment symbol(String symbol, String constant) {
        Optional<MemorySegment> found = library.find(symbol);
        if (found.isEmpty()) {
            throw new UnsatisfiedLinkError(libraryPath + " has no symbol " + symbol + ", which its ABI profile ("
                    + profile.name() + ") gives as the value of " + constant);
        }
        return found.get();
    }

    private static String unquote(String quoted) {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c == '\\') {
                c = switch (quoted.charAt(++i)) {
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    default -> quoted.charAt(i);
                };
            }
            text.append(c);
        }
        return text.toString();
    }
}
