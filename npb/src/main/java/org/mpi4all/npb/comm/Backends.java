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
     * The backend called {@code name}, constructed but not initialised. A name with a dot that is not registered
     * is taken for the class name of a backend on the class path, so that a backend can be tried before it is
     * registered.
     *
     * @throws BackendUnavailableException if there is no such backend or it cannot run in this process
     */
    public static Backend create(String name) {
        for (Registration registration : REGISTERED) {
            if (registration.name().equals(name)) {
                return instantiate(registration);
            }
        }
        if (name.contains(".")) {
            return instantiate(new Registration(name, name));
        }
        throw new BackendUnavailableException("unknown backend '" + name + "' (choose one of "
                + String.join(", ", names()) + ", or give a backend's class name)");
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
        } catch (ClassCastException e) {
            throw new BackendUnavailableException(registration.className() + " is not a backend (it does not implement "
                    + Backend.class.getName() + ")", e);
        } catch (ClassNotFoundException e) {
            throw new BackendUnavailableException("backend " + registration.name()
                    + (registration.name().equals(registration.className())
                            ? " is not on the class path" : " is not built into this npb.jar")
                    + " (see docs/npb.md, section Backends)", e);
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
