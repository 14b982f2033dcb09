package org.mpi4all.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks that the JVM still handles the signals it raises itself. Compiled Java code lets a null dereference
 * fault ({@code SIGSEGV}) and the JVM's handler turns it into a {@link NullPointerException}; {@code SIGBUS},
 * {@code SIGFPE} and {@code SIGILL} serve it likewise. A native library that installs its own handler for them
 * kills the process at the JVM's next such trap, at any later moment: UCX's {@code libucs} (under Debian's MPICH,
 * among others) does so as it loads, unless {@code UCX_ERROR_SIGNALS} is empty in the environment. Loading MPI
 * checks before its {@code dlopen} (a library loaded earlier, behind the runtime's back) and after it, and
 * throws an error naming the library that took the signals and how to prevent it, instead of a crash later.
 *
 * <p>The handlers are read from the C library itself ({@link LibC#signalHandler}), so that the JVM's signal-chaining
 * library {@code libjsig}, when preloaded, is seen at work: it keeps the JVM's handlers installed and sets the other
 * library's aside for the signals that are not the JVM's, and the JVM is then found to handle them all.
 */
final class SignalOwnership {
    /** {@code -Dmpi4all.checkSignals=false} skips the check (for a tool whose handler passes on what is not its own). */
    static final String CHECK_PROPERTY = "mpi4all.checkSignals";

    private record Signal(String name, int number) {}

    /** The signals the JVM raises itself, with their numbers on Linux (x86-64 and AArch64 alike). */
    private static final List<Signal> JVM_SIGNALS = List.of(
            new Signal("SIGSEGV", 11), new Signal("SIGBUS", 7), new Signal("SIGFPE", 8), new Signal("SIGILL", 4));
    private static final String UCX_ERROR_SIGNALS = "UCX_ERROR_SIGNALS";

    /**
     * A handler already found in the JVM's own libraries: the JVM has one handler for all its signals, so each check
     * places it once ({@code dladdr} and two real paths), and the check after loading MPI not at all while the handler
     * is unchanged (0.1 ms of a fresh JVM's CPU instead of 0.6-1.0). The JVM's libraries are never unloaded.
     */
    private static volatile long jvmHandler;

    private SignalOwnership() {}

    /**
     * Throws unless the JVM handles each of its signals (or none has a handler).
     *
     * @param when what has just happened or is about to, for the message ({@code "before mpi4all loaded PATH"})
     */
    static void requireJvmHandlers(String when) {
        if ("false".equals(System.getProperty(CHECK_PROPERTY))) {
            return;
        }
        Map<String, List<String>> foreignOwners = foreignOwners();
        if (foreignOwners.isEmpty()) {
            return;
        }
        String owners = foreignOwners.entrySet().stream()
                .map(e -> String.join(", ", e.getValue()) + " by " + e.getKey())
                .collect(Collectors.joining("; "));
        throw new UnsatisfiedLinkError("the JVM no longer handles the signals it raises itself (" + owners + ") "
                + when + ": the JVM turns these signals into exceptions (compiled code's null checks raise SIGSEGV on"
                + " purpose), and another handler would kill the process at the next one. "
                + remedy(foreignOwners.keySet().stream().anyMatch(owner -> owner.contains("libucs")))
                + " (-D" + CHECK_PROPERTY + "=false skips this check.)");
    }

    /** The signals whose handler is not the JVM's, by the shared object (and function) that handles them. */
    private static Map<String, List<String>> foreignOwners() {
        Map<String, List<String>> owners = new LinkedHashMap<>();
        for (Signal signal : JVM_SIGNALS) {
            long handler = LibC.signalHandler(signal.number());
            if (handler <= 1 || handler == jvmHandler) {
                continue;   // the default action or ignored (nobody else's handler stands in the JVM's way), or the JVM's
            }
            LibC.SharedObject object = LibC.sharedObjectAt(handler);
            if (object != null && object.file() != null && inJavaHome(object.file())) {
                jvmHandler = handler;
                continue;
            }
            String owner = object == null || object.file() == null
                    ? "a function at 0x" + Long.toHexString(handler) + " in no loaded library"
                    : object.file() + (object.symbol() == null ? "" : " (" + object.symbol() + ")");
            owners.computeIfAbsent(owner, o -> new ArrayList<>()).add(signal.name());
        }
        return owners;
    }

    /**
     * Whether {@code file} is one of the JVM's own libraries. The loader names libjvm by the path the launcher opened,
     * which as a rule is where {@code java.home} says the JVM lives: compared as text first, the file system is asked
     * to resolve links only when they differ (the two real paths cost a fresh JVM about half a millisecond of CPU).
     */
    static boolean inJavaHome(String file) {
        String home = System.getProperty("java.home");
        return file.startsWith(home) && file.startsWith("/", home.length())
                || realPath(Path.of(file)).startsWith(realPath(Path.of(home)));
    }

    private static String remedy(boolean ucx) {
        Path jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
        String chaining = "LD_PRELOAD=" + jsig + (Files.exists(jsig) ? "" : " (not in this JDK)")
                + ", the JVM's signal-chaining library, which keeps the JVM's handlers and passes on to the other"
                + " only the signals that are not the JVM's";
        if (!ucx) {
            return "Start the JVM with " + chaining + ", or keep that library from installing signal handlers.";
        }
        String setting = System.getenv(UCX_ERROR_SIGNALS);
        return "UCX installs its handlers when it loads unless " + UCX_ERROR_SIGNALS + " is empty (here it is "
                + (setting == null ? "unset, and a library linked to UCX was loaded before mpi4all could empty it"
                        : "\"" + setting + "\"")
                + "): start the JVM with " + UCX_ERROR_SIGNALS + "= (empty) in its environment, or with " + chaining + ".";
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
