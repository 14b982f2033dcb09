package org.mpi4all.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpi4all.core.mpi.MpiImplementation;

/** Which MPI implementation the tests run on: {@code -Dmpi=NAME}, else the one {@code mpicc} on PATH belongs to. */
public final class TestMpi {
    private static volatile MpiImplementation selected;

    private TestMpi() {}

    public static MpiImplementation implementation() {
        MpiImplementation result = selected;
        if (result == null) {
            synchronized (TestMpi.class) {
                if (selected == null) {
                    selected = MpiImplementation.facts(selectedName());
                }
                result = selected;
            }
        }
        return result;
    }

    /** The name given by {@code -Dmpi}, else the family of the {@code mpicc} on PATH, else {@code openmpi}. */
    public static String selectedName() {
        String name = System.getProperty("mpi", "").strip();
        if (!name.isEmpty()) {
            return name;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path mpicc = Path.of(dir.isEmpty() ? "." : dir, "mpicc");
            if (Files.isExecutable(mpicc)) {
                try {
                    String real = mpicc.toRealPath().toString();
                    if (real.contains("mpich")) {
                        return "mpich";
                    }
                } catch (IOException ignored) {
                    // A dangling link: keep looking.
                }
                break;
            }
        }
        return "openmpi";
    }
}
