package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Group;
import org.mpi4all.ffi.MPI_Session;
import org.mpi4all.ffi.Mpi;
import org.mpi4all.runtime.MpiLibrary;

/**
 * An MPI session (MPI-4's Sessions Model, {@code MPI_Session}): a start of MPI of its own, without
 * {@code MPI_Init}, from which a program asks for the process sets it knows ({@code mpi://WORLD},
 * {@code mpi://SELF}, and what the implementation adds), makes a {@link Group} of one and a
 * {@link Communicator} of the group.
 *
 * {@snippet :
 * try (Session session = Session.init(ThreadLevel.SINGLE);
 *         Communicator comm = session.communicator("mpi://WORLD", "org.example.solver")) {
 *     double sum = comm.allreduce(comm.rank() + 1.0, Op.SUM);
 * }
 * }
 *
 * <p>If MPI was not initialised, the first session gives the process its {@link Environment}, without
 * a world ({@link Environment#startedFromSession()}); the last session to close closes it, and so ends
 * MPI: as for {@code MPI_Init}, it cannot be started again. With an environment from
 * {@link Environment#init}, sessions share it. Close the communicators and groups made from a session
 * before the session.
 *
 * <p>Open MPI 4.1 has no sessions: {@link #init} throws {@link UnsupportedOperationException} naming the
 * library. MPICH 4, MPICH 5, Open MPI 5 and Intel MPI 2021 have them.
 */
public final class Session implements AutoCloseable {
    /** This process's place in {@code mpi://WORLD}, for the environment to name a failing rank. */
    record Membership(int rank, int size) {}

    private static final String THREAD_LEVEL_KEY = "thread_level";

    private final Environment environment;
    private final MPI_Session handle;
    private final ThreadLevel threadLevel;
    private final ErrorHandler errors;
    private boolean finalized;

    private Session(Environment environment, MPI_Session handle, ThreadLevel threadLevel, ErrorHandler errors) {
        this.environment = environment;
        this.handle = handle;
        this.threadLevel = threadLevel;
        this.errors = errors;
    }

    /**
     * Starts a session asking for the thread level {@code required}; errors become exceptions.
     *
     * @see #init(ThreadLevel, Info, ErrorHandler)
     */
    public static Session init(ThreadLevel required) {
        return init(required, null, ErrorHandler.EXCEPTIONS);
    }

    /**
     * Starts a session ({@code MPI_Session_init}) asking for the thread level {@code required} (the info key
     * {@code thread_level}; MPI may provide less, see {@link #threadLevel()}), with the further hints of
     * {@code info} (may be null) and the error handler {@code errors} of the session, which the
     * communicators made from it get too.
     *
     * @throws UnsupportedOperationException if the MPI library has no sessions (Open MPI 4.1)
     * @throws IllegalStateException         if the environment was closed
     */
    public static Session init(ThreadLevel required, Info info, ErrorHandler errors) {
        Objects.requireNonNull(required, "required == null");
        Objects.requireNonNull(errors, "errors == null");
        MpiLibrary library = MpiLibrary.current();
        // checked first: an MPI without sessions may also refuse info objects before MPI_Init, by aborting
        if (!library.provides("MPI_Session_init")) {
            throw new UnsupportedOperationException("Session.init: sessions are an MPI-4 feature that " + lacking(library));
        }
        Environment.checkNotClosed();
        MPI_Session session;
        try (Info hints = info == null ? Info.create() : info.dup(); Arena arena = Arena.ofConfined()) {
            hints.set(THREAD_LEVEL_KEY, "MPI_THREAD_" + required);
            MemorySegment slot = MPI_Session.allocate(arena);
            Mpi.MPI_Session_init(hints.handle(), errors.handle(), slot);
            session = MPI_Session.read(slot);
        }
        ThreadLevel provided = providedLevel(session);
        Environment environment;
        try {
            environment = Environment.forSession(provided, membership(session));
        } catch (RuntimeException e) {
            finalize(session);
            throw e;
        }
        return new Session(environment, session, provided, errors);
    }

    /** {@return the thread level MPI provided}, which may be less than the one asked for */
    public ThreadLevel threadLevel() {
        return threadLevel;
    }

    /** {@return the environment of the session's objects} */
    public Environment environment() {
        return environment;
    }

    /** {@return the names of the process sets the session knows} ({@code MPI_Session_get_num_psets}, {@code MPI_Session_get_nth_pset}) */
    public List<String> processSets() {
        MPI_Session session = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment number = arena.allocate(JAVA_INT);
            Mpi.MPI_Session_get_num_psets(session, Mpi.MPI_INFO_NULL, number);
            int count = number.get(JAVA_INT, 0);
            List<String> names = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                // a length of 0 asks for the length the name needs, terminator included
                number.set(JAVA_INT, 0, 0);
                Mpi.MPI_Session_get_nth_pset(session, Mpi.MPI_INFO_NULL, i, number, MemorySegment.NULL);
                MemorySegment name = arena.allocate(number.get(JAVA_INT, 0) + 1L);
                Mpi.MPI_Session_get_nth_pset(session, Mpi.MPI_INFO_NULL, i, number, name);
                names.add(name.getString(0));
            }
            return names;
        }
    }

    /**
     * {@return what MPI says of the process set {@code name}} ({@code MPI_Session_get_pset_info}): at least
     * its {@code mpi_size}. Close it when done.
     *
     * @throws IllegalArgumentException if the session knows no such process set
     */
    public Info processSetInfo(String name) {
        MPI_Session session = handle();
        checkProcessSet("processSetInfo", name);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = org.mpi4all.ffi.MPI_Info.allocate(arena);
            Mpi.MPI_Session_get_pset_info(session, arena.allocateFrom(name), slot);
            return Info.adopt(slot);
        }
    }

    /** {@return the hints in effect for the session} ({@code MPI_Session_get_info}); close it when done */
    public Info info() {
        return info(handle());
    }

    /**
     * {@return the group of the processes of the process set {@code name}} ({@code MPI_Group_from_session_pset});
     * close it when done.
     *
     * @throws IllegalArgumentException if the session knows no such process set
     */
    public Group group(String name) {
        MPI_Session session = handle();
        checkProcessSet("group", name);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Group.allocate(arena);
            Mpi.MPI_Group_from_session_pset(session, arena.allocateFrom(name), slot);
            return new Group(environment, MPI_Group.read(slot));
        }
    }

    /**
     * {@return a communicator of the processes of the process set {@code name}}, {@code tag} telling it apart
     * from others made at the same time; see {@link #communicator(Group, String)}. Collective over the set.
     */
    public Communicator communicator(String name, String tag) {
        try (Group group = group(name)) {
            return communicator(group, tag);
        }
    }

    /**
     * {@return a communicator of the processes of {@code group}} ({@code MPI_Comm_create_from_group}), with
     * this session's error handler. Collective over the group, whose processes give the same {@code tag}: a
     * string that tells apart the communicators made concurrently from overlapping groups (a library's own
     * name, say).
     *
     * @throws IllegalArgumentException if the tag is empty or longer than {@code MPI_MAX_STRINGTAG_LEN}
     */
    public Communicator communicator(Group group, String tag) {
        handle();
        return fromGroup(group, tag, errors);
    }

    /** The making of a communicator from a group, for {@link Communicator#fromGroup}. */
    static Communicator fromGroup(Group group, String tag, ErrorHandler errors) {
        MpiLibrary library = MpiLibrary.current();
        if (!library.provides("MPI_Comm_create_from_group")) {
            throw new UnsupportedOperationException("fromGroup: MPI_Comm_create_from_group is an MPI-4 function that "
                    + lacking(library));
        }
        Objects.requireNonNull(tag, "tag == null");
        if (tag.isEmpty() || tag.length() > Mpi.MPI_MAX_STRINGTAG_LEN) {
            throw new IllegalArgumentException("fromGroup: a tag has 1 to MPI_MAX_STRINGTAG_LEN ("
                    + Mpi.MPI_MAX_STRINGTAG_LEN + ") characters: \"" + tag + "\"");
        }
        MPI_Group g = group.handle();
        MPI_Comm comm;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocateFrom(tag);
            comm = Management.created(out -> Mpi.MPI_Comm_create_from_group(g, name, Mpi.MPI_INFO_NULL,
                    errors.handle(), out));
        }
        return group.environment().adopt(comm, "group(" + tag + ")");
    }

    /**
     * Ends the session: the last session of an environment it started closes that environment, and
     * {@code MPI_Session_finalize} follows at the end of the program, as {@code MPI_Finalize} does after
     * {@link Environment#close()} (a failing rank must not wait for the others in it); with
     * {@code -Dmpi4all.abortOnUncaughtException=false}, it follows at once.
     *
     * @throws IllegalStateException if it was closed already
     */
    @Override
    public void close() {
        MPI_Session session = handle();
        finalized = true;
        try {
            environment.sessionFinalizing();
        } finally {
            environment.finalizeSession(() -> finalize(session));
        }
    }

    @Override
    public String toString() {
        return "Session[" + threadLevel + (finalized ? ", finalized" : "") + "]";
    }

    private MPI_Session handle() {
        if (finalized) {
            throw new IllegalStateException("the session was finalized");
        }
        environment.check();
        return handle;
    }

    private void checkProcessSet(String operation, String name) {
        Objects.requireNonNull(name, "name == null");
        List<String> known = processSets();
        if (!known.contains(name)) {
            throw new IllegalArgumentException(operation + ": the session knows no process set \"" + name
                    + "\"; it knows " + known);
        }
    }

    private static Info info(MPI_Session session) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = org.mpi4all.ffi.MPI_Info.allocate(arena);
            Mpi.MPI_Session_get_info(session, slot);
            return Info.adopt(slot);
        }
    }

    /** The thread level the session got: its info's {@code thread_level}, {@code MPI_THREAD_*}. */
    private static ThreadLevel providedLevel(MPI_Session session) {
        try (Info used = info(session)) {
            String level = used.get(THREAD_LEVEL_KEY).orElseThrow(() -> new IllegalStateException(
                    "MPI_Session_get_info has no " + THREAD_LEVEL_KEY));
            return ThreadLevel.valueOf(level.substring(level.indexOf("MPI_THREAD_") + "MPI_THREAD_".length()));
        }
    }

    /** "the MPI library ... lacks", naming it. */
    private static String lacking(MpiLibrary library) {
        return "the MPI library " + library.libraryPath() + " (" + library.implementation() + ", "
                + MpiLibrary.firstLine(library.libraryVersion()) + ") lacks";
    }

    private static Membership membership(MPI_Session session) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Group.allocate(arena);
            Mpi.MPI_Group_from_session_pset(session, arena.allocateFrom("mpi://WORLD"), slot);
            MPI_Group world = MPI_Group.read(slot);
            MemorySegment out = arena.allocate(JAVA_INT, 2);
            Mpi.MPI_Group_rank(world, out);
            Mpi.MPI_Group_size(world, out.asSlice(4));
            Mpi.MPI_Group_free(slot);
            return new Membership(out.getAtIndex(JAVA_INT, 0), out.getAtIndex(JAVA_INT, 1));
        }
    }

    private static void finalize(MPI_Session session) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Session.allocate(arena);
            MPI_Session.write(slot, 0, session);
            Mpi.MPI_Session_finalize(slot);
        }
    }
}
