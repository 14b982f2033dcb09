package org.mpi4all.codegen.go;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The hand-written part of every generated package, kept as resources of this module and copied as they
 * are: the package documentation, the {@code Error} type, the buffer helpers ({@code P}, {@code Slice},
 * {@code CString}), the thread pinning MPI needs, {@code Exit}, which ends a program through C's exit, and
 * the slots where Go callbacks are registered. They depend on no implementation.
 */
final class RuntimeFiles {
    private static final String DIRECTORY = "runtime/";
    private static final List<String> NAMES =
            List.of("doc.go", "errors.go", "buffers.go", "thread.go", "exit.go", "slots.go");

    private RuntimeFiles() {}

    static List<GoBindingsGenerator.GeneratedFile> all() {
        return NAMES.stream().map(name -> new GoBindingsGenerator.GeneratedFile(name, read(DIRECTORY + name))).toList();
    }

    private static String read(String resource) {
        try (InputStream in = RuntimeFiles.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing from mpi4all-codegen");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + resource, e);
        }
    }
}
