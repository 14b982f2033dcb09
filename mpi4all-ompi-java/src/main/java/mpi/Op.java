package mpi;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import org.mpi4all.ffi.MPI_Op;
import org.mpi4all.ffi.MPI_User_function;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.Upcalls;

/**
 * An {@code MPI_Op}: a predefined operation, or one whose {@link UserFunction} MPI calls back (an upcall). A
 * user operation is created in MPI when first used, and its reductions run on native copies of the buffers
 * (a call with heap arrays cannot call back into Java).
 */
public final class Op implements Freeable {
    private MPI_Op handle;
    private final UserFunction function;
    private final boolean commute;
    private Arena upcallArena;
    /** The datatype of the reduction in progress, which the function is told about, and its extent in bytes. */
    private Datatype datatype;
    private long extentBytes;

    Op(MPI_Op handle) {
        this.handle = handle;
        this.function = null;
        this.commute = true;
    }

    public Op(UserFunction function, boolean commute) {
        this.function = function;
        this.commute = commute;
    }

    public boolean isCommutative() {
        return commute;
    }

    boolean isUserDefined() {
        return function != null;
    }

    /** The handle for a reduction on {@code type}: a user operation is created on first use and told the type. */
    MPI_Op handleFor(Datatype type) throws MPIException {
        if (function == null) {
            return handle;
        }
        datatype = type;
        extentBytes = type.extentBytes();
        if (handle == null) {
            upcallArena = Arena.ofShared();
            MemorySegment stub = MPI_User_function.allocate(this::apply, upcallArena);
            handle = Native.get(arena -> {
                MemorySegment op = MPI_Op.allocate(arena);
                Mpi.MPI_Op_create(stub, commute ? 1 : 0, op);
                return MPI_Op.read(op);
            });
        }
        return handle;
    }

    /** The upcall: the C arguments as buffers for the Java function; a failure is handed to the caller. */
    private void apply(MemorySegment in, MemorySegment inOut, MemorySegment length, MemorySegment type) {
        try {
            int count = length.reinterpret(JAVA_INT.byteSize()).get(JAVA_INT, 0);
            long bytes = count * extentBytes;
            MemorySegment input = in.reinterpret(bytes);
            MemorySegment output = inOut.reinterpret(bytes);
            if (datatype.base == Datatype.Base.BOOLEAN) {
                boolean[] inValues = booleans(input);
                boolean[] inOutValues = booleans(output);
                function.call(inValues, inOutValues, count, datatype);
                for (int i = 0; i < inOutValues.length; i++) {
                    output.set(JAVA_BYTE, i, inOutValues[i] ? (byte) 1 : 0);
                }
            } else {
                function.call(input.asByteBuffer().order(ByteOrder.nativeOrder()),
                        output.asByteBuffer().order(ByteOrder.nativeOrder()), count, datatype);
            }
        } catch (Throwable failure) {
            Upcalls.fail(failure);
        }
    }

    private static boolean[] booleans(MemorySegment bytes) {
        boolean[] values = new boolean[(int) bytes.byteSize()];
        for (int i = 0; i < values.length; i++) {
            values[i] = bytes.get(JAVA_BYTE, i) != 0;
        }
        return values;
    }

    @Override
    public void free() throws MPIException {
        if (handle == null || isNull()) {
            return;
        }
        handle = Native.get(arena -> {
            MemorySegment op = MPI_Op.allocate(arena);
            MPI_Op.write(op, 0, handle);
            Mpi.MPI_Op_free(op);
            return MPI_Op.read(op);
        });
        if (upcallArena != null) {
            upcallArena.close();
            upcallArena = null;
        }
    }

    public boolean isNull() {
        return handle != null && handle.equals(Mpi.MPI_OP_NULL);
    }

}
