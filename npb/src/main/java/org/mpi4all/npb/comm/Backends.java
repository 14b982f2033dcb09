package org.mpi4all.npb.comm;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;

/**
 * The backends {@code --backend} can name. They are found by class name, so that a backend whose library was
 * absent when npb.jar was built is simply missing, and its library is loaded only when it is selected.
 */
public final class Backends {

    private record Registration(String name, String className) {}

    /**
     * The backends, in the order the default tries them: MPJ Express only where its starter put it on the class
     * path, else mpi4all. Adding a backend is one line here.
     */
    private static final List<Registration> REGISTERED = List.of(
            new Registration("mpj", "org.mpi4all.npb.comm.mpj.MpjBackend"),
            new Registration("mpi4all", "org.mpi4all.npb.comm.mpi4all.Mpi4allBackend"),
            new Registration("ompi-java", "org.mpi4all.npb.comm.ompijava.OmpiJavaBackend"));

    private Backends() {}

    /** The names {@code --backend} accepts. */
    public static List<String> names() {
        return REGISTERED.stream().map(Registration::name).toList();
    }

    /**
     * The backend called {@code name}, constructed but not initialised.
     *
     * @throws BackendUnavailableException if there is no such backend or it cannot run in this process
     */
    public static Backend create(String name) {
        for (Registration registration : REGISTERED) {
            if (registration.name().equals(name)) {
                return instantiate(registration);
            }
        }
        throw new BackendUnavailableException(
                "unknown backend '" + name + "' (choose one of " + String.join(", ", names()) + ")");
    }

    /**
     * The first registered backend that can run in this process.
     *
     * @throws BackendUnavailableException naming every backend and why it cannot run, if none can
     */
    public static Backend createDefault() {
        List<String> reasons = new ArrayList<>();
        for (Registration registration : REGISTERED) {
            try {
                return instantiate(registration);
            } catch (BackendUnavailableException e) {
                reasons.add(e.getMessage());
            }
        }
        throw new BackendUnavailableException("no backend can run here: " + String.join("; ", reasons));
    }

    private static Backend instantiate(Registration registration) {
        Class<? extends Backend> type;
        try {
            type = Class.forName(registration.className()).asSubclass(Backend.class);
        } catch (ClassNotFoundException e) {
            throw new BackendUnavailableException("backend " + registration.name()
                    + " is not built into this npb.jar (see docs/npb.md, section Backends)", e);
        }
        try {
            return type.getConstructor().newInstance();
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw new IllegalStateException("backend " + registration.name() + " failed to start: " + e.getCause(), e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("backend " + registration.name() + " has no public no-argument constructor", e);
        }
    }
}
