package org.mpi4all.probe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a compiler wrapper adds to the underlying compiler's command line, split as a build needs it.
 *
 * @param compiler           the underlying compiler ({@code gcc}, {@code cc}, {@code icx})
 * @param compileFlags       flags for compiling: {@code -I}, {@code -D}, {@code -U}, and flags that serve both steps
 * @param linkFlags          flags for linking: {@code -L}, {@code -l}, {@code -Wl,...}, {@code -Xlinker ...},
 *                           and flags that serve both steps
 * @param includeDirectories the directories of the {@code -I} and {@code -isystem} flags
 */
record WrapperFlags(String compiler, List<String> compileFlags, List<String> linkFlags, List<Path> includeDirectories) {

    /** Intel MPI's wrapper prints this placeholder when {@code I_MPI_ROOT} is not set. */
    private static final String INTEL_PLACEHOLDER = "I_MPI_SUBSTITUTE_INSTALLDIR";
    private static final Set<String> COMPILE_FLAGS_WITH_ARGUMENT = Set.of("-isystem", "-include", "-iquote", "-idirafter");

    /** A wrapper made ready to run (Intel MPI's given its {@code I_MPI_ROOT}) and the flags it adds. */
    record Inspection(CompilerWrapper wrapper, WrapperFlags flags) {}

    /**
     * Asks the wrapper for its command line ({@code -show} for MPICH and Intel MPI, {@code --showme} for
     * Open MPI). An Intel MPI wrapper that does not know its installation directory is given one: the
     * directory above its {@code bin}.
     *
     * @throws ProbeException if the wrapper answers neither
     */
    static Inspection inspect(CompilerWrapper wrapper, Path directory) {
        String line = showCommand(wrapper, directory);
        if (line.contains(INTEL_PLACEHOLDER) && !wrapper.environment().containsKey("I_MPI_ROOT")
                && System.getenv("I_MPI_ROOT") == null) {
            Path root = wrapper.path().getParent().getParent();
            wrapper = wrapper.withEnvironment("I_MPI_ROOT", root.toString());
            line = showCommand(wrapper, directory);
        }
        return new Inspection(wrapper, parse(line));
    }

    private static String showCommand(CompilerWrapper wrapper, Path directory) {
        for (String option : List.of("-show", "--showme")) {
            ProcessOutput output = wrapper.run(directory, List.of(option));
            String line = output.stdout().strip();
            if (output.succeeded() && !line.isEmpty() && !line.contains("\n")) {
                return line;
            }
        }
        throw new ProbeException(wrapper + " is not an MPI compiler wrapper: it answers neither -show nor --showme");
    }

    /** Splits a wrapper's command line ({@code gcc -I/x -L/y -lmpi}) into compile and link flags. */
    static WrapperFlags parse(String commandLine) {
        List<String> words = ShellWords.split(commandLine);
        if (words.isEmpty()) {
            throw new ProbeException("the compiler wrapper printed an empty command line");
        }
        List<String> compile = new ArrayList<>();
        List<String> link = new ArrayList<>();
        List<Path> includes = new ArrayList<>();
        for (int i = 1; i < words.size(); i++) {
            String word = words.get(i);
            if (word.equals("-I") || COMPILE_FLAGS_WITH_ARGUMENT.contains(word)) {
                String argument = i + 1 < words.size() ? words.get(++i) : "";
                compile.add(word);
                compile.add(argument);
                if (word.equals("-I") || word.equals("-isystem")) {
                    includes.add(Path.of(argument));
                }
            } else if (word.startsWith("-I")) {
                compile.add(word);
                includes.add(Path.of(word.substring(2)));
            } else if (word.startsWith("-D") || word.startsWith("-U")) {
                compile.add(word);
            } else if (word.equals("-Xlinker") && i + 1 < words.size()) {
                link.add(word);
                link.add(words.get(++i));
            } else if (word.startsWith("-L") || word.startsWith("-l") || word.startsWith("-Wl,")
                    || word.endsWith(".so") || word.endsWith(".a") || word.contains(".so.")) {
                link.add(word);
            } else if (!word.equals("-c") && !word.equals("-E")) {
                compile.add(word); // -pthread, -m64 and other flags both steps need.
                link.add(word);
            }
        }
        return new WrapperFlags(words.getFirst(), compile, link, includes);
    }
}
