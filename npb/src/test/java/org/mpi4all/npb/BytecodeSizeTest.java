package org.mpi4all.npb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * HotSpot compiles no method longer than 8000 bytes of bytecode (-XX:HugeMethodLimit, unless
 * -XX:-DontCompileHugeMethods, which {@code java -jar npb.jar} users do not pass): such a method runs
 * interpreted, as NASA's Java SP's compute_rhs did, 20 times slower. Every method of the benchmarks must stay
 * below the limit; this test reads the compiled class files.
 */
class BytecodeSizeTest {
    private static final int HUGE_METHOD_LIMIT = 8000;

    /** A method and the length of its bytecode. */
    record MethodSize(String method, int codeLength) {}

    @Test
    void everyBenchmarkMethodIsCompilable() throws IOException, URISyntaxException {
        List<MethodSize> sizes = new ArrayList<>();
        Path classes = Path.of(Benchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (Stream<Path> files = Files.walk(classes.resolve("org/mpi4all/npb"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                try (InputStream in = Files.newInputStream(file)) {
                    sizes.addAll(methodSizes(classes.relativize(file).toString(), in));
                }
            }
        }
        // The parse found the benchmarks' kernels, and their sizes are real (not all zero).
        assertThat(sizes).extracting(MethodSize::method)
                .anyMatch(m -> m.contains("sp/RightHandSide.class densityAndEnergyFluxes"))
                .anyMatch(m -> m.contains("ft/Stockham.class butterflies"));
        assertThat(sizes).extracting(MethodSize::codeLength).anyMatch(length -> length > 300);
        assertThat(sizes).filteredOn(size -> size.codeLength() >= HUGE_METHOD_LIMIT)
                .as("methods HotSpot will not compile").isEmpty();
    }

    /** The code length of every method with code in a class file (JVM specification, chapter 4). */
    static List<MethodSize> methodSizes(String className, InputStream stream) throws IOException {
        DataInputStream in = new DataInputStream(stream);
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException(className + " is no class file");
        }
        in.readUnsignedShort();
        in.readUnsignedShort();
        String[] utf8 = readConstantPool(in);
        in.readUnsignedShort();
        in.readUnsignedShort();
        in.readUnsignedShort();
        in.skipBytes(2 * in.readUnsignedShort());
        int fields = in.readUnsignedShort();
        for (int f = 0; f < fields; f++) {
            in.skipBytes(6);
            skipAttributes(in);
        }
        List<MethodSize> sizes = new ArrayList<>();
        int methods = in.readUnsignedShort();
        for (int m = 0; m < methods; m++) {
            in.readUnsignedShort();
            String name = utf8[in.readUnsignedShort()] + utf8[in.readUnsignedShort()];
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = utf8[in.readUnsignedShort()];
                int length = in.readInt();
                if (attribute.equals("Code")) {
                    in.skipBytes(4);
                    sizes.add(new MethodSize(className + " " + name, in.readInt()));
                    in.skipBytes(length - 8);
                } else {
                    in.skipBytes(length);
                }
            }
        }
        return sizes;
    }

    /** The constant pool's UTF-8 entries by index (other entries null). */
    private static String[] readConstantPool(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7, 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++;
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        return utf8;
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            in.skipBytes(2);
            in.skipBytes(in.readInt());
        }
    }
}
