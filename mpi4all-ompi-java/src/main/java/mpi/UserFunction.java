package mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;

/**
 * A user-defined reduction ({@code new Op(function, commute)}). Override one of the two {@code call} methods:
 * the one on arrays receives copies of the elements as arrays of the datatype's base type (written back after
 * it returns); the one on buffers receives MPI's memory itself, in native byte order.
 */
public abstract class UserFunction {

    /**
     * @param inVec    the values to combine with {@code inOutVec}, as an array of the base type
     * @param inOutVec the accumulators, as an array of the base type
     * @param count    the number of elements of {@code datatype}
     */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException("this UserFunction overrides neither call method");
    }

    /**
     * @param in    MPI's input memory
     * @param inOut MPI's accumulators, which the result replaces
     * @param count the number of elements of {@code datatype}
     */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
        long bytes = (long) count * datatype.getExtent() * datatype.baseSize;
        MemorySegment output = MemorySegment.ofBuffer(inOut).asSlice(0, bytes);
        Object inVec = elements(MemorySegment.ofBuffer(in).asSlice(0, bytes), datatype);
        Object inOutVec = elements(output, datatype);
        call(inVec, inOutVec, count, datatype);
        output.copyFrom(Native.segment(inOutVec));
    }

    /** The elements in {@code memory} as an array of the base type of {@code datatype}. */
    private static Object elements(MemorySegment memory, Datatype datatype) {
        return switch (datatype.base) {
            case BYTE, PACKED -> memory.toArray(ValueLayout.JAVA_BYTE);
            case CHAR -> memory.toArray(ValueLayout.JAVA_CHAR);
            case SHORT -> memory.toArray(ValueLayout.JAVA_SHORT);
            case INT -> memory.toArray(ValueLayout.JAVA_INT);
            case LONG -> memory.toArray(ValueLayout.JAVA_LONG);
            case FLOAT -> memory.toArray(ValueLayout.JAVA_FLOAT);
            case DOUBLE -> memory.toArray(ValueLayout.JAVA_DOUBLE);
            default -> throw new UnsupportedOperationException("a user operation on " + datatype.base
                    + " elements must override call(ByteBuffer, ByteBuffer, int, Datatype)");
        };
    }
}
