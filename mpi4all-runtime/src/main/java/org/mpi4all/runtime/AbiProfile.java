package org.mpi4all.runtime;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the implementation-neutral bindings need to know about one MPI ABI, read from the profile text the
 * probe's blueprint was turned into ({@code org.mpi4all.core.blueprint.AbiProfile} writes it; its Javadoc and
 * {@code docs/blueprint.md} give the format). Parsing is a split per line: no JSON, no dependency, a few
 * milliseconds for a thousand constants.
 *
 * @param name           the implementation's name ({@code openmpi}, {@code mpich}, {@code mpiabi} ...)
 * @param family         {@code openmpi}, {@code mpich} or {@code mpiabi}
 * @param version        the implementation's version the profile was measured on
 * @param libraryVersion the first line of {@code MPI_Get_library_version} then
 */
public record AbiProfile(String name, String family, String version, String libraryVersion,
                         Map<String, Boolean> intHandles, Map<String, Struct> structs,
                         Map<String, String> constants, Map<String, String> macroFunctions) {
    static final String HEADER = "mpi4all-abi-profile 1";
    private static final String CONSTANT = "constant\t";
    private static final String BYTES = "bytes";

    /**
     * A struct of the ABI ({@code MPI_Status}) as its profile line gives it, checked as the profile is parsed. Its
     * {@link StructLayout} is made when a program first needs it ({@link #layout}), not as MPI loads: a fresh JVM's
     * first struct layout costs it about 2 ms of CPU (the JDK builds it with a stream and lambdas), which a program
     * now pays only when it uses the struct.
     *
     * @param size    its size in bytes
     * @param members its named members, by offset
     */
    public record Struct(long size, List<Member> members) {
        /**
         * One member.
         *
         * @param name   the C name ({@code MPI_SOURCE})
         * @param type   {@code int}, {@code long} or {@code bytesN} (N bytes the bindings do not interpret)
         * @param offset its offset in bytes
         */
        public record Member(String name, String type, long offset) {}

        /** The layout, with padding wherever the compiler put some; made anew on each call. */
        public StructLayout layout() {
            List<MemoryLayout> layouts = new ArrayList<>();
            long end = 0;
            for (Member member : members) {
                if (member.offset() > end) {
                    layouts.add(MemoryLayout.paddingLayout(member.offset() - end));
                }
                MemoryLayout layout = switch (member.type()) {
                    case "int" -> JAVA_INT;
                    case "long" -> JAVA_LONG;
                    default -> MemoryLayout.sequenceLayout(byteCount(member.type()), JAVA_BYTE);
                };
                layouts.add(layout.withName(member.name()));
                end = member.offset() + layout.byteSize();
            }
            if (size > end) {
                layouts.add(MemoryLayout.paddingLayout(size - end));
            }
            return MemoryLayout.structLayout(layouts.toArray(new MemoryLayout[0]));   // no method reference to link
        }
    }

    /**
     * Parses profile {@code text}; {@code source} names it in errors. Every process that binds to MPI parses one, in
     * a JVM that has compiled nothing yet: a plain scan of the text, with no stream or lambda to link.
     */
    public static AbiProfile parse(String text, String source) {
        int end = lineEnd(text, 0);
        if (!text.substring(0, end).equals(HEADER)) {
            throw new IllegalArgumentException(source + " is not an mpi4all ABI profile (its first line is not \""
                    + HEADER + "\")");
        }
        String[] implementation = null;
        Map<String, Boolean> intHandles = new HashMap<>();
        Map<String, Struct> structs = new HashMap<>();
        Map<String, String> constants = new HashMap<>(2048);
        Map<String, String> macroFunctions = new HashMap<>();
        for (int number = 2, start = end + 1; start < text.length(); number++, start = end + 1) {
            end = lineEnd(text, start);
            // Most lines are constants: their name and value are cut out of the text directly, as the JVM interprets
            // this once per process, where a split and a string switch per line cost milliseconds.
            int value = text.startsWith(CONSTANT, start) ? text.indexOf('\t', start + CONSTANT.length()) + 1 : 0;
            if (value > 0 && value <= end) {
                constants.put(text.substring(start + CONSTANT.length(), value - 1), text.substring(value, end));
                continue;
            }
            String[] fields = text.substring(start, end).split("\t", -1);
            try {
                switch (fields[0]) {
                    case "implementation" -> implementation = fields;
                    case "handle" -> intHandles.put(fields[1], fields[2].equals("int"));
                    case "struct" -> structs.put(fields[1], struct(fields));
                    case "constant" -> constants.put(fields[1], fields[2]);
                    case "function" -> macroFunctions.put(fields[1], fields[2]);
                    default -> throw new IllegalArgumentException("unknown line kind '" + fields[0] + "'");
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(source + ", line " + number + ": " + e.getMessage(), e);
            }
        }
        if (implementation == null || implementation.length < 5) {
            throw new IllegalArgumentException(source + " has no implementation line");
        }
        // Unmodifiable views, not copies: nothing else holds these maps.
        return new AbiProfile(implementation[1], implementation[2], implementation[3], implementation[4],
                Collections.unmodifiableMap(intHandles), Collections.unmodifiableMap(structs),
                Collections.unmodifiableMap(constants), Collections.unmodifiableMap(macroFunctions));
    }

    /** Where the line starting at {@code start} ends: its {@code \n}, or the end of {@code text}. */
    private static int lineEnd(String text, int start) {
        int end = text.indexOf('\n', start);
        return end < 0 ? text.length() : end;
    }

    /** {@code struct NAME SIZE FIELD:TYPE:OFFSET ...}: every number and type read, none of the JDK's layouts made. */
    private static Struct struct(String[] fields) {
        long size = Long.parseLong(fields[2]);
        List<Struct.Member> members = new ArrayList<>();
        long end = 0;
        for (int i = 3; i < fields.length; i++) {
            String[] member = fields[i].split(":");
            if (member.length != 3) {
                throw new IllegalArgumentException("struct member '" + fields[i] + "' is not NAME:TYPE:OFFSET");
            }
            long offset = Long.parseLong(member[2]);
            long byteSize = switch (member[1]) {
                case "int" -> Integer.BYTES;
                case "long" -> Long.BYTES;
                default -> byteCount(member[1]);
            };
            // What MemoryLayout.structLayout would refuse when the layout is made, refused as the profile is read:
            // numbers aligned to their size, byte arrays anywhere, no overlap.
            long alignment = member[1].startsWith(BYTES) ? 1 : byteSize;
            if (offset < end || offset % alignment != 0) {
                throw new IllegalArgumentException("struct member " + member[0] + " at offset " + offset
                        + (offset < end ? " overlaps the member before it" : " is not aligned to its size"));
            }
            members.add(new Struct.Member(member[0], member[1], offset));
            end = offset + byteSize;
        }
        if (size < end) {
            throw new IllegalArgumentException("struct " + fields[1] + " of " + size + " bytes is shorter than its"
                    + " members, which end at " + end);
        }
        return new Struct(size, List.copyOf(members));
    }

    /** The N of a member type {@code bytesN}; throws for any other type. */
    private static long byteCount(String type) {
        if (!type.startsWith(BYTES)) {
            throw new IllegalArgumentException("unknown struct member type '" + type + "'");
        }
        return Long.parseLong(type.substring(BYTES.length()));
    }

    /** Whether handles of C type {@code type} are {@code int}s (else pointers); types the ABI lacks are pointers. */
    public boolean intHandle(String type) {
        return intHandles.getOrDefault(type, false);
    }
}
