package org.mpi4all.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a specialised jar's auxiliary library reaches the disk before it is loaded: private, whole, verified. */
class AuxExtractionTest {
    private static final byte[] LIBRARY = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 42};

    @TempDir
    Path temporary;

    @Test
    void theLibraryIsWrittenPrivateInPrivateDirectories() throws IOException {
        Path cache = temporary.resolve("cache");
        Path file = ProfileCache.extracted(cache, "build1", "libmpi4all_aux.so", LIBRARY);

        assertThat(file).hasBinaryContent(LIBRARY);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        for (Path directory = file.getParent(); !directory.equals(temporary); directory = directory.getParent()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory)))
                    .as(directory.toString()).isEqualTo("rwx------");
        }
        try (var leftovers = Files.list(file.getParent())) {
            assertThat(leftovers).as("no temporary file left").containsExactly(file);
        }
    }

    @Test
    void anIntactCopyIsReusedAndAnAlteredOneReplaced() throws IOException {
        Path cache = temporary.resolve("cache");
        Path file = ProfileCache.extracted(cache, "build1", "libmpi4all_aux.so", LIBRARY);
        Object identity = Files.getAttribute(file, "unix:ino");

        assertThat(ProfileCache.extracted(cache, "build1", "libmpi4all_aux.so", LIBRARY)).isEqualTo(file);
        assertThat(Files.getAttribute(file, "unix:ino")).as("not written again").isEqualTo(identity);

        byte[] altered = LIBRARY.clone();
        altered[8] = 43; // same size, other content: a size check alone would load it
        Files.write(file, altered);
        assertThat(ProfileCache.extracted(cache, "build1", "libmpi4all_aux.so", LIBRARY)).hasBinaryContent(LIBRARY);
    }

    @Test
    void aCacheOthersCanWriteToIsRefusedNamingIt() throws IOException {
        Path cache = Files.createDirectory(temporary.resolve("shared"));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwxrwx"));

        assertThatThrownBy(() -> ProfileCache.extracted(cache, "build1", "libmpi4all_aux.so", LIBRARY))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("refuses the cache directory " + cache.toRealPath())
                .hasMessageContaining("group or others can write to it")
                .hasMessageContaining(ProfileCache.CACHE_VARIABLE);
        assertThat(cache.resolve("aux")).doesNotExist();
    }

    @Test
    void anAuxDirectoryOthersCanWriteToIsRefusedToo() throws IOException {
        Path cache = temporary.resolve("cache");
        ProfileCache.extracted(cache, "build1", "libmpi4all_aux.so", LIBRARY);
        Path aux = cache.resolve("aux");
        Files.setPosixFilePermissions(aux, PosixFilePermissions.fromString("rwxrwx---"));

        assertThatThrownBy(() -> ProfileCache.extracted(cache, "build1", "libmpi4all_aux.so", LIBRARY))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("refuses the cache directory " + aux);
    }
}
