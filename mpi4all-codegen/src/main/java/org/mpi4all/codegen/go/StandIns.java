package org.mpi4all.codegen.go;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.ConstantKind;
import org.mpi4all.core.c.CDeclarationParser;
import org.mpi4all.core.c.CType;

/**
 * Stand-ins for the sentinels whose C value is a small integer: MPICH's {@code MPI_STATUS_IGNORE} is
 * {@code (MPI_Status *)1}, Open MPI's {@code MPI_IN_PLACE} is {@code (void *)1}. Go must never hold such a
 * value in a pointer: the runtime aborts with "invalid pointer found on stack" when it copies a goroutine
 * stack with a pointer below 4096 in it. So the Go constant is the address of a stand-in, a byte of a C
 * array, and the shim of every function with a parameter the sentinel can be passed to turns the stand-in
 * back into the sentinel before calling MPI.
 */
final class StandIns {
    /** The C array whose bytes are the stand-ins. */
    static final String ARRAY = "mpi4all_go_stand_ins";
    /** The C function that turns a stand-in into its sentinel and leaves any other pointer alone. */
    static final String TRANSLATE = "mpi4all_go_sentinel";
    /** The smallest address the Go runtime accepts in a pointer ({@code runtime.minLegalPointer}). */
    static final long MIN_LEGAL_POINTER = 4096;

    /** A sentinel, the type it points to, and its stand-in's index in {@link #ARRAY}. */
    record StandIn(ConstantInfo constant, CType pointee, int index) {}

    private final List<StandIn> standIns;

    private StandIns(List<StandIn> standIns) {
        this.standIns = List.copyOf(standIns);
    }

    /** The sentinels of {@code blueprint} that need stand-ins: pointer constants valued 1 to 4095. */
    static StandIns of(Blueprint blueprint) {
        List<StandIn> standIns = new ArrayList<>();
        for (ConstantInfo constant : blueprint.constants()) {
            Long value = constant.value();
            if (constant.kind() == ConstantKind.POINTER && value != null && value > 0 && value < MIN_LEGAL_POINTER
                    && CDeclarationParser.parseType(constant.type()) instanceof CType.Pointer pointer) {
                standIns.add(new StandIn(constant, pointer.target().unqualified(), standIns.size()));
            }
        }
        return new StandIns(standIns);
    }

    boolean isEmpty() {
        return standIns.isEmpty();
    }

    Optional<StandIn> forConstant(String name) {
        return standIns.stream().filter(s -> s.constant().name().equals(name)).findFirst();
    }

    /** Whether a sentinel with a stand-in can be passed as the pointer parameter {@code parameter}. */
    boolean canReach(CType.Pointer parameter) {
        CType pointee = parameter.target().unqualified();
        return standIns.stream().anyMatch(s -> s.pointee().equals(pointee));
    }

    /** The C declaration of the stand-ins, for the header. */
    String declaration() {
        return "extern char " + ARRAY + "[" + standIns.size() + "];";
    }

    /** The C definition of the stand-ins. */
    String definition() {
        return "char " + ARRAY + "[" + standIns.size() + "];";
    }

    /** The C function that turns a stand-in into its sentinel, for the shims. */
    String translator() {
        StringBuilder c = new StringBuilder()
                .append("/* The sentinel a stand-in stands for; any other pointer unchanged. */\n")
                .append("static inline void *").append(TRANSLATE).append("(const void *pointer) {\n")
                .append("    switch ((uintptr_t)pointer - (uintptr_t)").append(ARRAY).append(") {\n");
        for (StandIn standIn : standIns) {
            c.append("    case ").append(standIn.index()).append(": return (void *)")
                    .append(standIn.constant().name()).append(";\n");
        }
        return c.append("    default: return (void *)pointer;\n")
                .append("    }\n")
                .append("}\n")
                .toString();
    }
}
