package org.mpi4all.runtime;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;

/**
 * The launcher that started this process, as far as it can be told: which MPI libraries can join its jobs, and
 * where it is installed (its prefix usually holds the library it expects).
 *
 * <p>A library launched by a process manager it cannot talk to does not fail: every rank starts as a singleton
 * and the program goes wrong later, far from the cause. Knowing the launcher lets the runtime pick the library
 * that belongs to it and refuse one that does not.
 *
 * @param kind       which launcher
 * @param evidence   how it was recognised, for messages ({@code "parent process /usr/bin/hydra_pmi_proxy"})
 * @param executable the launcher's own program when it was found among this process's ancestors
 */
public record MpiLauncher(Kind kind, String evidence, Optional<Path> executable) {

    /** The launchers told apart, each with the lineage of the libraries that can join its jobs. */
    public enum Kind {
        /** Open MPI's {@code mpirun} ({@code orterun} in 4.x, {@code prterun} in 5.x) and its daemons. */
        OPEN_MPI("Open MPI's mpirun", MpiDiscovery.Lineage.OPEN_MPI),
        /**
         * Hydra, the {@code mpiexec} of MPICH, Intel MPI and MVAPICH, and MPICH's {@code mpiexec.gforker}: they
         * speak PMI through {@code PMI_FD}.
         */
        HYDRA("the mpiexec of MPICH and Intel MPI (Hydra)", MpiDiscovery.Lineage.MPICH),
        /** Slurm's {@code srun}: either lineage, depending on how the library was built and {@code --mpi}. */
        SLURM("Slurm's srun", MpiDiscovery.Lineage.UNKNOWN),
        /** Another PMIx server (PRRTE's own, Flux...): a library of either lineage can be built for PMIx. */
        PMIX("a PMIx launcher", MpiDiscovery.Lineage.UNKNOWN),
        /** No launcher: the process runs alone, a singleton, which any MPI library supports. */
        NONE("no launcher", MpiDiscovery.Lineage.UNKNOWN);

        private final String description;
        private final MpiDiscovery.Lineage lineage;

        Kind(String description, MpiDiscovery.Lineage lineage) {
            this.description = description;
            this.lineage = lineage;
        }

        /** For messages: {@code "Open MPI's mpirun"}. */
        public String description() {
            return description;
        }

        /** Whose libraries can join this launcher's jobs; {@code UNKNOWN} when libraries of either lineage can. */
        public MpiDiscovery.Lineage lineage() {
            return lineage;
        }
    }

    /*
     * The programs that start ranks: each rank's parent is one of them (a proxy or daemon on every node), so the
     * nearest one among the ancestors is this process's launcher even when a script stands between them. Names
     * only a launcher uses: plain mpirun/mpiexec could be anyone's (then the variables decide).
     */
    private static final Set<String> OPEN_MPI_PROGRAMS = Set.of("orterun", "orted", "prterun", "prted", "prte");
    private static final Set<String> HYDRA_PROGRAMS =
            Set.of("hydra_pmi_proxy", "hydra_bstrap_proxy", "mpiexec.hydra", "mpiexec.gforker");
    private static final Set<String> SLURM_PROGRAMS = Set.of("slurmstepd");
    /** Enough to pass a few wrapper scripts between a proxy and the JVM; a walk to init is not needed. */
    private static final int MAX_ANCESTORS = 16;

    private static volatile MpiLauncher current;

    /**
     * The prefixes of the variables through which a rank reaches its launcher: a PMI client finds its server through
     * {@code PMI_FD} or {@code PMI_PORT}, a PMIx client through {@code PMIX_SERVER_URI*} and {@code PMIX_NAMESPACE},
     * Open MPI's through its {@code OMPI_} variables, Slurm's tasks have {@code SLURM_STEP_ID}.
     */
    private static final List<String> LAUNCHER_VARIABLE_PREFIXES = List.of("PMI_", "PMIX_", "OMPI_", "SLURM_");

    /**
     * The launcher of this process (found once: it cannot change). The ancestors are read only when the environment
     * has a launcher's variable: without one no MPI library can join a launcher's job, whichever launcher is an
     * ancestor, and the process runs alone (reading them costs a fresh JVM milliseconds).
     */
    public static MpiLauncher current() {
        MpiLauncher result = current;
        if (result == null) {
            Map<String, String> environment = System.getenv();
            result = detect(environment, reachable(environment) ? new Ancestors() : Collections.emptyIterator());
            current = result;
        }
        return result;
    }

    /** Whether {@code environment} has a variable through which a launcher could be reached. */
    static boolean reachable(Map<String, String> environment) {
        for (String name : environment.keySet()) {
            for (String prefix : LAUNCHER_VARIABLE_PREFIXES) {
                if (name.startsWith(prefix)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Recognises the launcher from the nearest launcher program among {@code ancestors} (nearest first, read only
     * as far as the first one), else from the variables it sets in every rank's environment. The ancestors come
     * first because they are unambiguous and tell where the launcher is installed; variables can leak into the
     * environment of an unrelated process.
     */
    static MpiLauncher detect(Map<String, String> environment, Iterator<Path> ancestors) {
        while (ancestors.hasNext()) {
            Path program = ancestors.next();
            Kind kind = kindOfProgram(program.getFileName().toString());
            if (kind != null) {
                return new MpiLauncher(kind, "parent process " + program, Optional.of(program));
            }
        }
        return fromVariables(environment);
    }

    private static MpiLauncher fromVariables(Map<String, String> environment) {
        // Hydra inside a Slurm allocation, or srun with PMI-2, also sets PMI_RANK: Slurm's step variable decides.
        for (var rule : List.of(
                Map.entry("OMPI_COMM_WORLD_SIZE", Kind.OPEN_MPI),
                Map.entry("SLURM_STEP_ID", Kind.SLURM),
                Map.entry("PMI_RANK", Kind.HYDRA),
                Map.entry("PMIX_RANK", Kind.PMIX))) {
            if (environment.containsKey(rule.getKey())) {
                return new MpiLauncher(rule.getValue(), rule.getKey() + " is set", Optional.empty());
            }
        }
        return new MpiLauncher(Kind.NONE, "no launcher's variable is set", Optional.empty());
    }

    /** The launcher {@code name} is a program of, or null. */
    private static Kind kindOfProgram(String name) {
        if (OPEN_MPI_PROGRAMS.contains(name)) {
            return Kind.OPEN_MPI;
        }
        if (HYDRA_PROGRAMS.contains(name)) {
            return Kind.HYDRA;
        }
        return SLURM_PROGRAMS.contains(name) ? Kind.SLURM : null;
    }

    /** The installation prefix of the launcher ({@code /usr} for {@code /usr/bin/orterun}), if it was found. */
    public Optional<Path> prefix() {
        Path directory = executable.isEmpty() ? null : executable.get().getParent();
        return Optional.ofNullable(directory == null ? null : directory.getParent());
    }

    /** For messages: {@code "Hydra, the mpiexec of MPICH and Intel MPI (parent process /usr/bin/hydra_pmi_proxy)"}. */
    public String describe() {
        return kind.description() + " (" + evidence + ")";
    }

    /**
     * The programs of this process's ancestors, nearest first, as {@code /proc/<pid>/exe} names them (links
     * resolved: {@code mpirun.openmpi} is {@code orterun}), read one at a time as far as they are asked for; a
     * process whose program cannot be read is passed over. Each parent is read from {@code /proc/<pid>/stat}:
     * {@link ProcessHandle} would set up the JDK's process reaper for it, some forty classes in a JVM that starts no
     * process, and the stream pipeline this was a costs its lambdas' linking in a fresh JVM.
     */
    private static final class Ancestors implements Iterator<Path> {
        private long pid = parent("self");
        private int depth;
        private Path next;

        @Override
        public boolean hasNext() {
            while (next == null && pid > 0 && depth < MAX_ANCESTORS) {
                try {
                    next = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "exe"));
                } catch (IOException | UnsupportedOperationException e) {
                    // not ours to read (another user's process): pass over it
                }
                pid = parent(Long.toString(pid));
                depth++;
            }
            return next != null;
        }

        @Override
        public Path next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Path program = next;
            next = null;
            return program;
        }
    }

    /**
     * The parent of process {@code pid} ({@code self} for this one): the fourth field of {@code /proc/<pid>/stat}, after the program name in
     * parentheses (which may itself hold spaces and parentheses); 0 when it cannot be read.
     */
    private static long parent(String pid) {
        // A FileInputStream, which the JVM has loaded already, rather than Files.readAllBytes and its channels.
        try (FileInputStream in = new FileInputStream(new File(new File("/proc", pid), "stat"))) {
            String stat = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", 3);
            return Long.parseLong(fields[1]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
