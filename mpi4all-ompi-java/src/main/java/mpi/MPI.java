package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import org.mpi4all.ffi.Mpi;

/**
 * The environment of Open MPI's Java API: initialisation, the predefined communicators, datatypes, operations
 * and constants, and direct buffers for nonblocking calls. Runs on whatever MPI mpi4all binds to.
 */
public final class MPI {
    // The values of the implementation in use, read from the generated layer.
    public static final int THREAD_SINGLE = Mpi.MPI_THREAD_SINGLE;
    public static final int THREAD_FUNNELED = Mpi.MPI_THREAD_FUNNELED;
    public static final int THREAD_SERIALIZED = Mpi.MPI_THREAD_SERIALIZED;
    public static final int THREAD_MULTIPLE = Mpi.MPI_THREAD_MULTIPLE;
    public static final int GRAPH = Mpi.MPI_GRAPH;
    public static final int DIST_GRAPH = Mpi.MPI_DIST_GRAPH;
    public static final int CART = Mpi.MPI_CART;
    public static final int ANY_SOURCE = Mpi.MPI_ANY_SOURCE;
    public static final int ANY_TAG = Mpi.MPI_ANY_TAG;
    public static final int PROC_NULL = Mpi.MPI_PROC_NULL;
    public static final int UNDEFINED = Mpi.MPI_UNDEFINED;
    public static final int IDENT = Mpi.MPI_IDENT;
    public static final int CONGRUENT = Mpi.MPI_CONGRUENT;
    public static final int SIMILAR = Mpi.MPI_SIMILAR;
    public static final int UNEQUAL = Mpi.MPI_UNEQUAL;
    public static final int TAG_UB = Mpi.MPI_TAG_UB;
    public static final int HOST = Mpi.MPI_HOST;
    public static final int IO = Mpi.MPI_IO;
    public static final int WTIME_IS_GLOBAL = Mpi.MPI_WTIME_IS_GLOBAL;
    public static final int APPNUM = Mpi.MPI_APPNUM;
    public static final int LASTUSEDCODE = Mpi.MPI_LASTUSEDCODE;
    public static final int UNIVERSE_SIZE = Mpi.MPI_UNIVERSE_SIZE;
    public static final int WIN_BASE = Mpi.MPI_WIN_BASE;
    public static final int WIN_SIZE = Mpi.MPI_WIN_SIZE;
    public static final int WIN_DISP_UNIT = Mpi.MPI_WIN_DISP_UNIT;
    public static final int VERSION = Mpi.MPI_VERSION;
    public static final int SUBVERSION = Mpi.MPI_SUBVERSION;
    public static final int ROOT = Mpi.MPI_ROOT;
    public static final int KEYVAL_INVALID = Mpi.MPI_KEYVAL_INVALID;
    public static final int BSEND_OVERHEAD = Mpi.MPI_BSEND_OVERHEAD;
    public static final int MAX_OBJECT_NAME = Mpi.MPI_MAX_OBJECT_NAME;
    public static final int MAX_PORT_NAME = Mpi.MPI_MAX_PORT_NAME;
    public static final int MAX_DATAREP_STRING = Mpi.MPI_MAX_DATAREP_STRING;
    public static final int MAX_INFO_KEY = Mpi.MPI_MAX_INFO_KEY;
    public static final int MAX_INFO_VAL = Mpi.MPI_MAX_INFO_VAL;
    public static final int ORDER_C = Mpi.MPI_ORDER_C;
    public static final int ORDER_FORTRAN = Mpi.MPI_ORDER_FORTRAN;
    public static final int DISTRIBUTE_BLOCK = Mpi.MPI_DISTRIBUTE_BLOCK;
    public static final int DISTRIBUTE_CYCLIC = Mpi.MPI_DISTRIBUTE_CYCLIC;
    public static final int DISTRIBUTE_NONE = Mpi.MPI_DISTRIBUTE_NONE;
    public static final int DISTRIBUTE_DFLT_DARG = Mpi.MPI_DISTRIBUTE_DFLT_DARG;
    public static final int MODE_CREATE = Mpi.MPI_MODE_CREATE;
    public static final int MODE_RDONLY = Mpi.MPI_MODE_RDONLY;
    public static final int MODE_WRONLY = Mpi.MPI_MODE_WRONLY;
    public static final int MODE_RDWR = Mpi.MPI_MODE_RDWR;
    public static final int MODE_DELETE_ON_CLOSE = Mpi.MPI_MODE_DELETE_ON_CLOSE;
    public static final int MODE_UNIQUE_OPEN = Mpi.MPI_MODE_UNIQUE_OPEN;
    public static final int MODE_EXCL = Mpi.MPI_MODE_EXCL;
    public static final int MODE_APPEND = Mpi.MPI_MODE_APPEND;
    public static final int MODE_SEQUENTIAL = Mpi.MPI_MODE_SEQUENTIAL;
    public static final int DISPLACEMENT_CURRENT = Mpi.MPI_DISPLACEMENT_CURRENT;
    public static final int SEEK_SET = Mpi.MPI_SEEK_SET;
    public static final int SEEK_CUR = Mpi.MPI_SEEK_CUR;
    public static final int SEEK_END = Mpi.MPI_SEEK_END;
    public static final int MODE_NOCHECK = Mpi.MPI_MODE_NOCHECK;
    public static final int MODE_NOPRECEDE = Mpi.MPI_MODE_NOPRECEDE;
    public static final int MODE_NOPUT = Mpi.MPI_MODE_NOPUT;
    public static final int MODE_NOSTORE = Mpi.MPI_MODE_NOSTORE;
    public static final int MODE_NOSUCCEED = Mpi.MPI_MODE_NOSUCCEED;
    public static final int LOCK_EXCLUSIVE = Mpi.MPI_LOCK_EXCLUSIVE;
    public static final int LOCK_SHARED = Mpi.MPI_LOCK_SHARED;
    public static final int SUCCESS = Mpi.MPI_SUCCESS;
    public static final int ERR_BUFFER = Mpi.MPI_ERR_BUFFER;
    public static final int ERR_COUNT = Mpi.MPI_ERR_COUNT;
    public static final int ERR_TYPE = Mpi.MPI_ERR_TYPE;
    public static final int ERR_TAG = Mpi.MPI_ERR_TAG;
    public static final int ERR_COMM = Mpi.MPI_ERR_COMM;
    public static final int ERR_RANK = Mpi.MPI_ERR_RANK;
    public static final int ERR_REQUEST = Mpi.MPI_ERR_REQUEST;
    public static final int ERR_ROOT = Mpi.MPI_ERR_ROOT;
    public static final int ERR_GROUP = Mpi.MPI_ERR_GROUP;
    public static final int ERR_OP = Mpi.MPI_ERR_OP;
    public static final int ERR_TOPOLOGY = Mpi.MPI_ERR_TOPOLOGY;
    public static final int ERR_DIMS = Mpi.MPI_ERR_DIMS;
    public static final int ERR_ARG = Mpi.MPI_ERR_ARG;
    public static final int ERR_UNKNOWN = Mpi.MPI_ERR_UNKNOWN;
    public static final int ERR_TRUNCATE = Mpi.MPI_ERR_TRUNCATE;
    public static final int ERR_OTHER = Mpi.MPI_ERR_OTHER;
    public static final int ERR_INTERN = Mpi.MPI_ERR_INTERN;
    public static final int ERR_IN_STATUS = Mpi.MPI_ERR_IN_STATUS;
    public static final int ERR_PENDING = Mpi.MPI_ERR_PENDING;
    public static final int ERR_ACCESS = Mpi.MPI_ERR_ACCESS;
    public static final int ERR_AMODE = Mpi.MPI_ERR_AMODE;
    public static final int ERR_ASSERT = Mpi.MPI_ERR_ASSERT;
    public static final int ERR_BAD_FILE = Mpi.MPI_ERR_BAD_FILE;
    public static final int ERR_BASE = Mpi.MPI_ERR_BASE;
    public static final int ERR_CONVERSION = Mpi.MPI_ERR_CONVERSION;
    public static final int ERR_DISP = Mpi.MPI_ERR_DISP;
    public static final int ERR_DUP_DATAREP = Mpi.MPI_ERR_DUP_DATAREP;
    public static final int ERR_FILE_EXISTS = Mpi.MPI_ERR_FILE_EXISTS;
    public static final int ERR_FILE_IN_USE = Mpi.MPI_ERR_FILE_IN_USE;
    public static final int ERR_FILE = Mpi.MPI_ERR_FILE;
    public static final int ERR_INFO_KEY = Mpi.MPI_ERR_INFO_KEY;
    public static final int ERR_INFO_NOKEY = Mpi.MPI_ERR_INFO_NOKEY;
    public static final int ERR_INFO_VALUE = Mpi.MPI_ERR_INFO_VALUE;
    public static final int ERR_INFO = Mpi.MPI_ERR_INFO;
    public static final int ERR_IO = Mpi.MPI_ERR_IO;
    public static final int ERR_KEYVAL = Mpi.MPI_ERR_KEYVAL;
    public static final int ERR_LOCKTYPE = Mpi.MPI_ERR_LOCKTYPE;
    public static final int ERR_NAME = Mpi.MPI_ERR_NAME;
    public static final int ERR_NO_MEM = Mpi.MPI_ERR_NO_MEM;
    public static final int ERR_NOT_SAME = Mpi.MPI_ERR_NOT_SAME;
    public static final int ERR_NO_SPACE = Mpi.MPI_ERR_NO_SPACE;
    public static final int ERR_NO_SUCH_FILE = Mpi.MPI_ERR_NO_SUCH_FILE;
    public static final int ERR_PORT = Mpi.MPI_ERR_PORT;
    public static final int ERR_QUOTA = Mpi.MPI_ERR_QUOTA;
    public static final int ERR_READ_ONLY = Mpi.MPI_ERR_READ_ONLY;
    public static final int ERR_RMA_CONFLICT = Mpi.MPI_ERR_RMA_CONFLICT;
    public static final int ERR_RMA_SYNC = Mpi.MPI_ERR_RMA_SYNC;
    public static final int ERR_SERVICE = Mpi.MPI_ERR_SERVICE;
    public static final int ERR_SIZE = Mpi.MPI_ERR_SIZE;
    public static final int ERR_SPAWN = Mpi.MPI_ERR_SPAWN;
    public static final int ERR_UNSUPPORTED_DATAREP = Mpi.MPI_ERR_UNSUPPORTED_DATAREP;
    public static final int ERR_UNSUPPORTED_OPERATION = Mpi.MPI_ERR_UNSUPPORTED_OPERATION;
    public static final int ERR_WIN = Mpi.MPI_ERR_WIN;
    public static final int ERR_LASTCODE = Mpi.MPI_ERR_LASTCODE;
    /** Open MPI's own error class for exhausted system resources; other implementations have none: {@code ERR_OTHER}. */
    public static final int ERR_SYSRESOURCE = Mpi.MPI_ERR_OTHER;

    public static final Op MAX = new Op(Mpi.MPI_MAX);
    public static final Op MIN = new Op(Mpi.MPI_MIN);
    public static final Op SUM = new Op(Mpi.MPI_SUM);
    public static final Op PROD = new Op(Mpi.MPI_PROD);
    public static final Op LAND = new Op(Mpi.MPI_LAND);
    public static final Op BAND = new Op(Mpi.MPI_BAND);
    public static final Op LOR = new Op(Mpi.MPI_LOR);
    public static final Op BOR = new Op(Mpi.MPI_BOR);
    public static final Op LXOR = new Op(Mpi.MPI_LXOR);
    public static final Op BXOR = new Op(Mpi.MPI_BXOR);
    public static final Op REPLACE = new Op(Mpi.MPI_REPLACE);
    public static final Op NO_OP = new Op(Mpi.MPI_NO_OP);
    public static final Op MINLOC = new Op(Mpi.MPI_MINLOC);
    public static final Op MAXLOC = new Op(Mpi.MPI_MAXLOC);

    // Java element types, as Open MPI's bindings map them (a Java char is 16 bits, a long 64). The pair types
    // count in bytes (their base type is BYTE), the complex types in floats or doubles, as there.
    public static final Datatype DATATYPE_NULL = new Datatype(Mpi.MPI_DATATYPE_NULL, Datatype.Base.NULL);
    public static final Datatype BYTE = new Datatype(Mpi.MPI_UINT8_T, Datatype.Base.BYTE);
    public static final Datatype CHAR = new Datatype(Mpi.MPI_UINT16_T, Datatype.Base.CHAR);
    public static final Datatype SHORT = new Datatype(Mpi.MPI_INT16_T, Datatype.Base.SHORT);
    public static final Datatype BOOLEAN = new Datatype(Mpi.MPI_UINT8_T, Datatype.Base.BOOLEAN);
    public static final Datatype INT = new Datatype(Mpi.MPI_INT32_T, Datatype.Base.INT);
    public static final Datatype LONG = new Datatype(Mpi.MPI_INT64_T, Datatype.Base.LONG);
    public static final Datatype FLOAT = new Datatype(Mpi.MPI_FLOAT, Datatype.Base.FLOAT);
    public static final Datatype DOUBLE = new Datatype(Mpi.MPI_DOUBLE, Datatype.Base.DOUBLE);
    public static final Datatype PACKED = new Datatype(Mpi.MPI_PACKED, Datatype.Base.PACKED);
    public static final Datatype FLOAT_COMPLEX = new Datatype(Mpi.MPI_C_FLOAT_COMPLEX, Datatype.Base.FLOAT);
    public static final Datatype DOUBLE_COMPLEX = new Datatype(Mpi.MPI_C_DOUBLE_COMPLEX, Datatype.Base.DOUBLE);
    public static final Datatype INT2 = new Datatype(Mpi.MPI_2INT, Datatype.Base.BYTE);
    public static final Datatype SHORT_INT = new Datatype(Mpi.MPI_SHORT_INT, Datatype.Base.BYTE);
    public static final Datatype LONG_INT = new Datatype(Mpi.MPI_LONG_INT, Datatype.Base.BYTE);
    public static final Datatype FLOAT_INT = new Datatype(Mpi.MPI_FLOAT_INT, Datatype.Base.BYTE);
    public static final Datatype DOUBLE_INT = new Datatype(Mpi.MPI_DOUBLE_INT, Datatype.Base.BYTE);

    public static final Intracomm COMM_WORLD = new Intracomm(Mpi.MPI_COMM_WORLD);
    public static final Intracomm COMM_SELF = new Intracomm(Mpi.MPI_COMM_SELF);

    public static final Int2 int2 = new Int2();
    public static final ShortInt shortInt = new ShortInt();
    public static final LongInt longInt = new LongInt();
    public static final FloatInt floatInt = new FloatInt();
    public static final DoubleInt doubleInt = new DoubleInt();

    public static final Request REQUEST_NULL = new Request(Mpi.MPI_REQUEST_NULL);
    public static final Group GROUP_EMPTY = new Group(Mpi.MPI_GROUP_EMPTY);
    public static final Info INFO_ENV = new Info(Mpi.MPI_INFO_ENV);
    public static final Info INFO_NULL = new Info(Mpi.MPI_INFO_NULL);
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler(Mpi.MPI_ERRORS_ARE_FATAL);
    public static final Errhandler ERRORS_RETURN = new Errhandler(Mpi.MPI_ERRORS_RETURN);

    /** Where MPI is: calls between Init and Finalize only, as Open MPI's bindings check (MPI itself may abort). */
    private static volatile boolean initialized;
    private static volatile boolean finalized;

    /** The buffer attached for buffered sends: MPI keeps using it after the call, so it lives in native memory. */
    private static Arena attachedArena;
    private static byte[] attachedArray;

    public MPI() {
    }

    /**
     * Initialises MPI ({@code MPI_ERRORS_RETURN} on {@code COMM_WORLD} and {@code COMM_SELF}, so that errors
     * are {@link MPIException}s) and returns the program's arguments.
     */
    public static String[] Init(String[] args) throws MPIException {
        Native.anyTime(arena -> {
            Mpi.MPI_Init(MemorySegment.NULL, MemorySegment.NULL);
            return null;
        });
        initialized = true;
        return args;
    }

    /** Initialises MPI with a thread level; returns the level provided. */
    public static int InitThread(String[] args, int required) throws MPIException {
        int provided = Native.anyTime(arena -> {
            MemorySegment level = arena.allocate(JAVA_INT);
            Mpi.MPI_Init_thread(MemorySegment.NULL, MemorySegment.NULL, required, level);
            return Native.intAt(level);
        });
        initialized = true;
        return provided;
    }

    public static int queryThread() throws MPIException {
        return Native.get(arena -> {
            MemorySegment provided = arena.allocate(JAVA_INT);
            Mpi.MPI_Query_thread(provided);
            return Native.intAt(provided);
        });
    }

    public static boolean isThreadMain() throws MPIException {
        return Native.get(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Is_thread_main(flag);
            return Native.intAt(flag) != 0;
        });
    }

    public static void Finalize() throws MPIException {
        Native.run(() -> Mpi.MPI_Finalize());
        finalized = true;
    }

    /** Refuses a call before {@link #Init} or after {@link #Finalize}, which MPI would answer by aborting. */
    static void check() throws MPIException {
        if (!initialized) {
            throw new MPIException("MPI is not initialized: call MPI.Init first");
        }
        if (finalized) {
            throw new MPIException("MPI is finalized");
        }
    }

    public static double wtime() throws MPIException {
        return Mpi.MPI_Wtime();
    }

    public static double wtick() throws MPIException {
        return Mpi.MPI_Wtick();
    }

    public static Version getVersion() {
        try {
            return Native.anyTime(arena -> {
                MemorySegment version = arena.allocate(JAVA_INT);
                MemorySegment subversion = arena.allocate(JAVA_INT);
                Mpi.MPI_Get_version(version, subversion);
                return new Version(Native.intAt(version), Native.intAt(subversion));
            });
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public static String getLibVersion() {
        try {
            return Native.anyTime(arena -> {
                MemorySegment text = arena.allocate(Mpi.MPI_MAX_LIBRARY_VERSION_STRING + 1);
                MemorySegment length = arena.allocate(JAVA_INT);
                Mpi.MPI_Get_library_version(text, length);
                return Native.string(text, Native.intAt(length));
            });
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public static String getProcessorName() throws MPIException {
        return Native.get(arena -> {
            MemorySegment name = arena.allocate(Mpi.MPI_MAX_PROCESSOR_NAME + 1);
            MemorySegment length = arena.allocate(JAVA_INT);
            Mpi.MPI_Get_processor_name(name, length);
            return Native.string(name, Native.intAt(length));
        });
    }

    public static boolean isInitialized() throws MPIException {
        return Native.anyTime(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Initialized(flag);
            return Native.intAt(flag) != 0;
        });
    }

    public static boolean isFinalized() throws MPIException {
        return Native.anyTime(arena -> {
            MemorySegment flag = arena.allocate(JAVA_INT);
            Mpi.MPI_Finalized(flag);
            return Native.intAt(flag) != 0;
        });
    }

    /** Attaches a buffer for buffered sends ({@code bSend}); MPI uses a native copy of its size. */
    public static synchronized void attachBuffer(byte[] buffer) throws MPIException {
        Arena arena = Arena.ofShared();
        MemorySegment memory = arena.allocate(buffer.length, 8);
        try {
            Native.run(() -> Mpi.MPI_Buffer_attach(memory, buffer.length));
        } catch (MPIException e) {
            arena.close();
            throw e;
        }
        attachedArena = arena;
        attachedArray = buffer;
    }

    /** Detaches the buffer of buffered sends (waiting until they are delivered) and returns it. */
    public static synchronized byte[] detachBuffer() throws MPIException {
        Native.run(arena -> {
            MemorySegment address = arena.allocate(java.lang.foreign.ValueLayout.ADDRESS);
            MemorySegment size = arena.allocate(JAVA_INT);
            Mpi.MPI_Buffer_detach(address, size);
        });
        byte[] buffer = attachedArray;
        if (attachedArena != null) {
            attachedArena.close();
        }
        attachedArena = null;
        attachedArray = null;
        return buffer;
    }

    /** Profiling control ({@code MPI_Pcontrol}); the object is not passed on. */
    public static void pControl(int level, Object obj) {
        try {
            Native.run(() -> Mpi.MPI_Pcontrol(level));
        } catch (MPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    // Direct buffers in the platform's byte order: what the nonblocking calls take.

    public static ByteBuffer newByteBuffer(int capacity) {
        return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
    }

    public static CharBuffer newCharBuffer(int capacity) {
        return newByteBuffer(Character.BYTES * capacity).asCharBuffer();
    }

    public static ShortBuffer newShortBuffer(int capacity) {
        return newByteBuffer(Short.BYTES * capacity).asShortBuffer();
    }

    public static IntBuffer newIntBuffer(int capacity) {
        return newByteBuffer(Integer.BYTES * capacity).asIntBuffer();
    }

    public static LongBuffer newLongBuffer(int capacity) {
        return newByteBuffer(Long.BYTES * capacity).asLongBuffer();
    }

    public static FloatBuffer newFloatBuffer(int capacity) {
        return newByteBuffer(Float.BYTES * capacity).asFloatBuffer();
    }

    public static DoubleBuffer newDoubleBuffer(int capacity) {
        return newByteBuffer(Double.BYTES * capacity).asDoubleBuffer();
    }

    // Views from element `offset` on: how a program passes part of a buffer or array (offsets count elements).

    public static ByteBuffer slice(ByteBuffer buf, int offset) {
        return buf.duplicate().clear().position(offset).slice().order(buf.order());
    }

    public static CharBuffer slice(CharBuffer buf, int offset) {
        return buf.duplicate().clear().position(offset).slice();
    }

    public static ShortBuffer slice(ShortBuffer buf, int offset) {
        return buf.duplicate().clear().position(offset).slice();
    }

    public static IntBuffer slice(IntBuffer buf, int offset) {
        return buf.duplicate().clear().position(offset).slice();
    }

    public static LongBuffer slice(LongBuffer buf, int offset) {
        return buf.duplicate().clear().position(offset).slice();
    }

    public static FloatBuffer slice(FloatBuffer buf, int offset) {
        return buf.duplicate().clear().position(offset).slice();
    }

    public static DoubleBuffer slice(DoubleBuffer buf, int offset) {
        return buf.duplicate().clear().position(offset).slice();
    }

    public static ByteBuffer slice(byte[] buf, int offset) {
        return ByteBuffer.wrap(buf, offset, buf.length - offset).slice().order(ByteOrder.nativeOrder());
    }

    public static CharBuffer slice(char[] buf, int offset) {
        return CharBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static ShortBuffer slice(short[] buf, int offset) {
        return ShortBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static IntBuffer slice(int[] buf, int offset) {
        return IntBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static LongBuffer slice(long[] buf, int offset) {
        return LongBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static FloatBuffer slice(float[] buf, int offset) {
        return FloatBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static DoubleBuffer slice(double[] buf, int offset) {
        return DoubleBuffer.wrap(buf, offset, buf.length - offset).slice();
    }
}
