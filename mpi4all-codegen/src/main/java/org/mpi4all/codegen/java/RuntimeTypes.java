package org.mpi4all.codegen.java;

import com.palantir.javapoet.ClassName;

/** The hand-written runtime classes generated code refers to (by name: the runtime is built after the generator). */
final class RuntimeTypes {
    private static final String RUNTIME = "org.mpi4all.runtime";

    static final ClassName MPI_LIBRARY = ClassName.get(RUNTIME, "MpiLibrary");
    static final ClassName MPI_LIBRARY_TARGET = MPI_LIBRARY.nestedClass("Target");
    static final ClassName MPI_ERRORS = ClassName.get(RUNTIME, "MpiErrors");
    static final ClassName MPI_EXCEPTION = ClassName.get(RUNTIME, "MpiException");
    static final ClassName MPI_HANDLE = ClassName.get(RUNTIME, "MpiHandle");
    static final ClassName UPCALLS = ClassName.get(RUNTIME, "Upcalls");
    static final ClassName CRITICAL_STARTS = ClassName.get(RUNTIME, "CriticalStarts");
    static final ClassName HEAP_BUFFERS = ClassName.get(RUNTIME, "HeapBuffers");
    static final ClassName HANDLE_CARRIERS = ClassName.get(RUNTIME, "HandleCarriers");

    private RuntimeTypes() {}
}
