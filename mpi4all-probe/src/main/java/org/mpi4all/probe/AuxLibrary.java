package org.mpi4all.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.mpi4all.core.auxiliary.AuxLibrarySource;
import org.mpi4all.core.blueprint.Blueprint;

/**
 * Builds the auxiliary library: the native symbols a binding needs for what {@code mpi.h} gives only as
 * macros (constants, function-like macros) and for varargs functions, compiled with the implementation's own
 * wrapper from the C source {@link AuxLibrarySource} writes (which also states the naming contract); the source is
 * kept beside the library for inspection.
 */
public final class AuxLibrary {
    private AuxLibrary() {}

    /** Builds {@code outputDirectory/libmpi4all_aux.so} (and its {@code .c}) from the blueprint. */
    public static Path build(Blueprint blueprint, CompilerWrapper wrapper, Path outputDirectory) {
        return buildFile(blueprint, wrapper, outputDirectory.resolve(AuxLibrarySource.FILE_NAME));
    }

    /**
     * Builds {@code library} from the blueprint with the implementation's wrapper; the C source goes to the
     * same path with {@code .c} for {@code .so}. The library appears whole or not at all.
     *
     * @throws ProbeException if the wrapper cannot build it
     */
    public static Path buildFile(Blueprint blueprint, CompilerWrapper wrapper, Path library) {
        Path target = library.toAbsolutePath().normalize();
        Path directory = target.getParent();
        String base = target.getFileName().toString().replaceFirst("\\.so$", "");
        Path source = directory.resolve(base + ".c");
        Path temporary = directory.resolve("." + base + ".so.tmp");
        try {
            Files.createDirectories(directory);
            Files.writeString(source, AuxLibrarySource.write(blueprint));
            CompilerWrapper ready = WrapperFlags.inspect(wrapper, directory).wrapper();
            ProcessOutput output = ready.run(directory, List.of(
                    "-shared", "-fPIC", "-O2", "-w", "-o", temporary.toString(), source.toString()));
            if (!output.succeeded()) {
                throw new ProbeException(wrapper + " cannot build the auxiliary library from " + source + ": "
                        + output.firstErrorLine());
            }
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } catch (IOException e) {
            throw new ProbeException("cannot write the auxiliary library " + target + ": " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
