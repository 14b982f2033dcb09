package org.mpi4all.probe;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which of the files a preprocessed {@code mpi.h} came from are MPI's own headers ({@code mpi.h},
 * {@code mpio.h}, {@code mpi_proto.h}, {@code mpi_abi.h} ...) rather than the C library's: those under the
 * directory of {@code mpi.h} or a directory the wrapper adds with {@code -I}, unless the compiler searches
 * that directory anyway (then only the files named {@code mpi*} in the directory of {@code mpi.h} count,
 * since {@code /usr/include/stdint.h} is not MPI's even when {@code mpi.h} sits beside it).
 */
final class HeaderScope {
    private final List<Path> roots = new ArrayList<>();
    private final Path sharedDirectory;
    private final Map<String, Optional<String>> names = new HashMap<>();

    HeaderScope(Path mpiHeader, List<Path> wrapperIncludeDirectories, List<Path> searchedDirectories) {
        List<Path> compilerOwn = new ArrayList<>(searchedDirectories.stream().map(HeaderScope::real).toList());
        compilerOwn.removeAll(wrapperIncludeDirectories.stream().map(HeaderScope::real).toList());
        Path mpiDirectory = real(mpiHeader.getParent());
        this.sharedDirectory = compilerOwn.contains(mpiDirectory) ? mpiDirectory : null;
        List<Path> candidates = new ArrayList<>();
        candidates.add(mpiDirectory);
        wrapperIncludeDirectories.stream().map(HeaderScope::real).forEach(candidates::add);
        for (Path candidate : candidates) {
            if (!compilerOwn.contains(candidate) && !roots.contains(candidate)) {
                roots.add(candidate);
            }
        }
    }

    /** Whether {@code file}, as a line marker names it, is one of MPI's headers. */
    boolean isMpiHeader(String file) {
        return headerName(file).isPresent();
    }

    /** The name of an MPI header relative to its include directory ({@code mpi.h}, {@code openmpi/mpiext.h}). */
    Optional<String> headerName(String file) {
        return names.computeIfAbsent(file, this::findHeaderName);
    }

    private Optional<String> findHeaderName(String file) {
        if (file.startsWith("<")) {
            return Optional.empty(); // <built-in>, <command-line>
        }
        Path path = real(Path.of(file));
        for (Path root : roots) {
            if (path.startsWith(root)) {
                return Optional.of(root.relativize(path).toString());
            }
        }
        if (sharedDirectory != null && path.getParent() != null && path.getParent().equals(sharedDirectory)
                && path.getFileName().toString().startsWith("mpi")) {
            return Optional.of(path.getFileName().toString());
        }
        return Optional.empty();
    }

    private static Path real(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
