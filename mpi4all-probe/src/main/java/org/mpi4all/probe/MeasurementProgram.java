package org.mpi4all.probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the one C program that measures everything the header cannot say by itself: every constant's value
 * and C type, every type's size, alignment and signedness, struct member offsets, the symbols the library
 * exports, the library's version text and file. Every item sits on a line of its own, so that a compile
 * error names the item to drop.
 */
final class MeasurementProgram {

    /** Something the program measures, and so something a compile error can be blamed on. */
    sealed interface Item {
        /** The blueprint name this item belongs to. */
        String name();

        /** The value, C type and compile-time constness of constant {@code name}. */
        record Constant(String name) implements Item {}

        /** Whether constant {@code name} can initialise a static object (no read of storage at run time). */
        record StaticInitializer(String name) implements Item {}

        /** {@code sizeof}, {@code _Alignof} and, for integers, signedness of the type spelled {@code name}. */
        record Type(String name, boolean integer) implements Item {}

        /** Offset and size of member {@code field} of the struct type {@code name}. */
        record Field(String name, String field) implements Item {}

        /** A function-like macro called the way the auxiliary library will call it; {@code definition} is that C function. */
        record MacroCall(String name, String definition) implements Item {}
    }

    /**
     * What to measure.
     *
     * @param symbols       functions whose symbol the library may export
     * @param anchorSymbol  a function certainly in the MPI library, to find the library file with {@code dladdr}
     * @param libraryVersion whether the header declares {@code MPI_Get_library_version}
     */
    record Plan(List<Item> items, List<String> symbols, String anchorSymbol, boolean libraryVersion) {}

    /** The C source and which item each line measures. */
    record Source(String text, Map<Integer, Item> itemsByLine) {}

    static final String PRELUDE = """
            #define _GNU_SOURCE
            #include <mpi.h>
            #include <dlfcn.h>
            #include <stddef.h>
            #include <stdint.h>
            #include <stdio.h>
            #include <string.h>

            static void m4a_hex(const char *text, size_t length) {
                for (size_t i = 0; i < length; i++) printf("%02x", (unsigned char) text[i]);
            }
            static void m4a_integer(const char *name, const char *type, int constant, long long value) {
                printf("C\\t%s\\t%s\\t%d\\tinteger\\t%lld\\n", name, type, constant, value);
            }
            static void m4a_floating(const char *name, const char *type, int constant, long double value) {
                printf("C\\t%s\\t%s\\t%d\\tfloat\\t%La\\n", name, type, constant, value);
            }
            static void m4a_string(const char *name, const char *type, int constant, const char *value) {
                printf("C\\t%s\\t%s\\t%d\\tstring\\t", name, type, constant);
                if (value) m4a_hex(value, strlen(value));
                printf("\\n");
            }
            static void m4a_pointer(const char *name, const char *type, int constant, const void *value) {
                printf("C\\t%s\\t%s\\t%d\\tpointer\\t%lld\\n", name, type, constant, (long long) (intptr_t) value);
            }
            #define M4A_TYPE_NAME(x) _Generic((x), _Bool: "_Bool", char: "char", signed char: "signed char", \\
                unsigned char: "unsigned char", short: "short", unsigned short: "unsigned short", int: "int", \\
                unsigned int: "unsigned int", long: "long", unsigned long: "unsigned long", long long: "long long", \\
                unsigned long long: "unsigned long long", float: "float", double: "double", \\
                long double: "long double", char *: "char *", const char *: "const char *", default: "")
            #define M4A_CONSTANT(name, x) _Generic((x), float: m4a_floating, double: m4a_floating, \\
                long double: m4a_floating, char *: m4a_string, const char *: m4a_string, _Bool: m4a_integer, \\
                char: m4a_integer, signed char: m4a_integer, unsigned char: m4a_integer, short: m4a_integer, \\
                unsigned short: m4a_integer, int: m4a_integer, unsigned int: m4a_integer, long: m4a_integer, \\
                unsigned long: m4a_integer, long long: m4a_integer, unsigned long long: m4a_integer, \\
                default: m4a_pointer)(name, M4A_TYPE_NAME(x), __builtin_constant_p(x), (x))
            #define M4A_TYPE(name, T) printf("T\\t%s\\t%zu\\t%zu\\t-\\n", name, sizeof(T), _Alignof(T))
            #define M4A_INTEGER_TYPE(name, T) \\
                printf("T\\t%s\\t%zu\\t%zu\\t%d\\n", name, sizeof(T), _Alignof(T), (T) -1 < (T) 0)
            #define M4A_FIELD(name, T, f) printf("F\\t%s\\t%s\\t%zu\\t%zu\\n", name, #f, offsetof(T, f), sizeof(((T *) 0)->f))
            static void m4a_symbol(void *library, const char *name) {
                if (library && dlsym(library, name)) printf("S\\t%s\\n", name);
            }
            """;

    private MeasurementProgram() {}

    static Source write(Plan plan) {
        List<String> lines = new ArrayList<>(PRELUDE.lines().toList());
        Map<Integer, Item> itemsByLine = new HashMap<>();
        for (Item item : plan.items()) {
            if (item instanceof Item.StaticInitializer s) {
                add(lines, itemsByLine, item, "static const __auto_type m4a_static_" + s.name() + " = (" + s.name() + ");");
            } else if (item instanceof Item.MacroCall call) {
                add(lines, itemsByLine, item, call.definition());
            }
        }
        lines.add("int main(void) {");
        for (Item item : plan.items()) {
            switch (item) {
                case Item.Constant c -> add(lines, itemsByLine, item, "    M4A_CONSTANT(\"" + c.name() + "\", " + c.name() + ");");
                case Item.Type t -> add(lines, itemsByLine, item, "    " + (t.integer() ? "M4A_INTEGER_TYPE" : "M4A_TYPE")
                        + "(\"" + t.name() + "\", " + t.name() + ");");
                case Item.Field f -> add(lines, itemsByLine, item,
                        "    M4A_FIELD(\"" + f.name() + "\", " + f.name() + ", " + f.field() + ");");
                default -> { }
            }
        }
        // The library calls come last, after everything printed so far has left the process.
        lines.add("    fflush(stdout);");
        lines.add("    Dl_info info;");
        lines.add("    void *library = NULL;");
        lines.add("    if (dladdr(dlsym(RTLD_DEFAULT, \"" + plan.anchorSymbol() + "\"), &info) && info.dli_fname) {");
        lines.add("        printf(\"L\\t\"); m4a_hex(info.dli_fname, strlen(info.dli_fname)); printf(\"\\n\");");
        lines.add("        library = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);");
        lines.add("    }");
        for (String symbol : plan.symbols()) {
            lines.add("    m4a_symbol(library, \"" + symbol + "\");");
        }
        if (plan.libraryVersion()) {
            // MPI_Get_library_version may be called before MPI_Init (MPI-3.0, 8.1.1).
            lines.add("    static char version[65536];");
            lines.add("    int length = 0;");
            lines.add("    fflush(stdout);");
            lines.add("    if (MPI_Get_library_version(version, &length) == MPI_SUCCESS) {");
            lines.add("        printf(\"V\\t\"); m4a_hex(version, strnlen(version, (size_t) length)); printf(\"\\n\");");
            lines.add("    }");
        }
        lines.add("    return 0;");
        lines.add("}");
        return new Source(String.join("\n", lines) + "\n", itemsByLine);
    }

    private static void add(List<String> lines, Map<Integer, Item> itemsByLine, Item item, String line) {
        lines.add(line);
        itemsByLine.put(lines.size(), item);
    }
}
