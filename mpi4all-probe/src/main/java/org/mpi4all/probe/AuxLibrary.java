package org.mpi4all.probe;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.mpi4all.core.blueprint.Blueprint;
import org.mpi4all.core.blueprint.ConstantInfo;
import org.mpi4all.core.blueprint.FunctionInfo;

/**
 * Builds the auxiliary library: the native symbols a binding needs for what {@code mpi.h} gives only as
 * macros (constants, function-like macros) and for varargs functions. See {@link AuxLibrarySource} for the
 * naming contract; the generated C source is kept beside the library for inspection.
 */
public final class AuxLibrary {
    /** The library's file name when only a directory is given. */
    public static final String FILE_NAME = "libmpi4all_aux.so";

    /** The prefix of every symbol the library defines: {@code mpi4all_MPI_COMM_WORLD}, {@code mpi4all_MPI_Pcontrol}. */
    public static final String SYMBOL_PREFIX = AuxLibrarySource.PREFIX;

    private AuxLibrary() {}

    /**
     * The library's C source for {@code blueprint}, for bindings that compile it into themselves (cgo
     * compiles it as part of the Go package) rather than load the shared library.
     */
    public static String source(Blueprint blueprint) {
        return AuxLibrarySource.write(blueprint);
    }

    /** The C declaration of the library's object for {@code constant}: {@code extern const MPI_Comm mpi4all_MPI_COMM_WORLD;}. */
    public static String declaration(ConstantInfo constant) {
        return "extern " + AuxLibrarySource.constantDeclarator(constant) + ";";
    }

    /**
     * The C prototype of the library's function for {@code function}, which must be a function-like macro or
     * take varargs: {@code int mpi4all_MPI_Pcontrol(const int level);}.
     */
    public static String declaration(FunctionInfo function) {
        if (function.exported() && !function.signature().varargs()) {
            throw new IllegalArgumentException(function.name() + " is called directly, not through the auxiliary library");
        }
        return AuxLibrarySource.prototype(SYMBOL_PREFIX, function.name(), function.signature()) + ";";
    }

    /** Builds {@code outputDirectory/libmpi4all_aux.so} (and its {@code .c}) from the blueprint. */
    public static Path build(Blueprint blueprint, CompilerWrapper wrapper, Path outputDirectory) {
        return buildFile(blueprint, wrapper, outputDirectory.resolve(FILE_NAME));
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
