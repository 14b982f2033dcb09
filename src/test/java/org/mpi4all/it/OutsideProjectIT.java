package org.mpi4all.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.mpi4all.core.mpi.MpiImplementation;
import org.mpi4all.testkit.MpiRun;
import org.mpi4all.testkit.MpiRunResult;

/**
 * mpi4all as a user consumes it: a Maven project outside this repository that depends on
 * {@code org.mpi4all:mpi4all-runtime} from the local repository (where {@code ./mvnw install} put it) is built with
 * Maven, then its jar and dependencies, unchanged, run on two ranks of every installed implementation under that
 * implementation's own launcher, with no mpi4all variable beyond what the implementation needs
 * ({@code scripts/mpi facts}): on the class path, and as the named module it is (its {@code module-info} requires
 * {@code org.mpi4all}) on the module path with {@code --enable-native-access=org.mpi4all}. It covers every implementation at once, so {@code -Dmpi4all.neutrality=false} (the
 * later passes of {@code scripts/test}) leaves it out.
 */
class OutsideProjectIT {
    private static final String APP = """
            package com.example;

            import org.mpi4all.Communicator;
            import org.mpi4all.Environment;
            import org.mpi4all.Op;

            public class App {
                public static void main(String[] args) {
                    try (Environment env = Environment.init(args)) {
                        Communicator world = env.world();
                        int sum = world.allreduce(world.rank() + 1, Op.SUM);
                        System.out.println("rank " + world.rank() + " of " + world.size() + ": sum " + sum
                                + " in " + Communicator.class.getModule());
                    }
                }
            }
            """;

    private static final String MODULE = """
            module com.example.app {
                requires org.mpi4all;
            }
            """;

    private static final String POM = """
            <?xml version="1.0" encoding="UTF-8"?>
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.example</groupId>
              <artifactId>app</artifactId>
              <version>1.0</version>
              <properties>
                <maven.compiler.release>22</maven.compiler.release>
                <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
              </properties>
              <dependencies>
                <dependency>
                  <groupId>org.mpi4all</groupId>
                  <artifactId>mpi4all-runtime</artifactId>
                  <version>VERSION</version>
                </dependency>
              </dependencies>
              <build>
                <plugins>
                  <plugin>
                    <artifactId>maven-compiler-plugin</artifactId>
                    <version>3.14.1</version>
                  </plugin>
                  <plugin>
                    <artifactId>maven-dependency-plugin</artifactId>
                    <version>3.8.1</version>
                    <executions>
                      <execution>
                        <phase>package</phase>
                        <goals><goal>copy-dependencies</goal></goals>
                        <configuration><outputDirectory>${project.build.directory}/lib</outputDirectory></configuration>
                      </execution>
                    </executions>
                  </plugin>
                </plugins>
              </build>
            </project>
            """;

    @TempDir
    static Path project;

    @TestFactory
    List<DynamicTest> anOutsideMavenProjectRunsOnEveryInstalledImplementation() throws Exception {
        assumeFalse("false".equals(System.getProperty("mpi4all.neutrality")), "covers every implementation: run once");
        build();
        String java = MpiRun.javaCommand().getFirst();
        String jar = project.resolve("target/app-1.0.jar").toString();
        List<String> onClassPath = List.of(java, "--enable-native-access=ALL-UNNAMED",
                "-cp", jar + ":" + project.resolve("target/lib") + "/*", "com.example.App");
        List<String> onModulePath = List.of(java, "--enable-native-access=org.mpi4all",
                "--module-path", jar + ":" + project.resolve("target/lib"), "-m", "com.example.app/com.example.App");
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : MpiImplementation.NAMES) {
            tests.add(DynamicTest.dynamicTest(name + " on the class path",
                    () -> runOn(name, onClassPath, "unnamed module")));
            tests.add(DynamicTest.dynamicTest(name + " on the module path",
                    () -> runOn(name, onModulePath, "module org.mpi4all")));
        }
        return tests;
    }

    /** Two ranks of {@code command}, each saying its rank, the size, the sum over ranks and mpi4all's module. */
    private static void runOn(String name, List<String> command, String module) {
        MpiImplementation implementation;
        try {
            implementation = MpiImplementation.facts(name);
        } catch (IllegalStateException notInstalled) {
            org.junit.jupiter.api.Assumptions.abort(name + " is not installed");
            return;
        }
        MpiRunResult run = MpiRun.command(command).implementation(implementation).ranks(2).run().assertSucceeded();
        run.assertEachRank(rank -> {
            assertThat(rank.stdout().strip()).startsWith("rank " + rank.rank() + " of 2: sum 3 in " + module);
            // Native access is granted to the module that needs it: no warning about restricted methods.
            assertThat(rank.stderr()).doesNotContain("restricted method");
        });
    }

    /** {@code mvn package} of the outside project, with this build's Maven and local repository. */
    private static void build() throws IOException, InterruptedException {
        Files.createDirectories(project.resolve("src/main/java/com/example"));
        Files.writeString(project.resolve("src/main/java/com/example/App.java"), APP);
        Files.writeString(project.resolve("src/main/java/module-info.java"), MODULE);
        Files.writeString(project.resolve("pom.xml"), POM.replace("VERSION", System.getProperty("mpi4all.version")));
        List<String> command = new ArrayList<>(List.of(MpiImplementation.projectRoot().resolve("mvnw").toString(),
                "-B", "-ntp", "-q", "-f", project.resolve("pom.xml").toString(), "package"));
        String repository = System.getProperty("mpi4all.localRepository", "");
        if (!repository.isBlank()) {
            command.add("-Dmaven.repo.local=" + repository);
        }
        Process maven = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(project.resolve("maven.log").toFile()).start();
        assertThat(maven.waitFor(10, TimeUnit.MINUTES)).as("the outside build ended").isTrue();
        assertThat(maven.exitValue()).as(Files.readString(project.resolve("maven.log"), StandardCharsets.UTF_8)).isZero();
    }
}
