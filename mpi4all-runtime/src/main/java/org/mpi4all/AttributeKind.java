package org.mpi4all;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.mpi4all.ffi.MPI_Comm;
import org.mpi4all.ffi.MPI_Comm_copy_attr_function;
import org.mpi4all.ffi.MPI_Comm_delete_attr_function;
import org.mpi4all.ffi.MPI_Datatype;
import org.mpi4all.ffi.MPI_Type_copy_attr_function;
import org.mpi4all.ffi.MPI_Type_delete_attr_function;
import org.mpi4all.ffi.MPI_Win;
import org.mpi4all.ffi.MPI_Win_delete_attr_function;
import org.mpi4all.ffi.Mpi;

/**
 * The MPI functions of attribute caching on one kind of object ({@code MPI_Comm_*}, {@code MPI_Type_*},
 * {@code MPI_Win_*}; MPI-4.1 §7.7), behind one interface, so that {@link AttributeKey} and {@link Attributes}
 * hold the behaviour once for all three.
 *
 * @param <O> the high-level object the attributes are on
 * @param <H> its MPI handle
 */
final class AttributeKind<O, H> {
    /** What MPI calls when an object with an attribute is duplicated: the value in, room for the copy's and its flag. */
    interface Copier {
        int copy(MemorySegment in, MemorySegment out, MemorySegment flag);
    }

    /** What MPI calls when an attribute goes. */
    interface Deleter {
        int delete(MemorySegment value);
    }

    /** {@code MPI_*_create_keyval} with stubs (in {@code stubs}) that call {@code copier} and {@code deleter}. */
    interface KeyvalCreation {
        void create(Copier copier, Deleter deleter, Arena stubs, MemorySegment keyval);
    }

    /** {@code MPI_*_set_attr}. */
    interface Set<H> {
        void set(H handle, int keyval, MemorySegment value);
    }

    /** {@code MPI_*_get_attr}. */
    interface Get<H> {
        void get(H handle, int keyval, MemorySegment value, MemorySegment flag);
    }

    /** {@code MPI_*_delete_attr}. */
    interface Delete<H> {
        void delete(H handle, int keyval);
    }

    static final AttributeKind<Communicator, MPI_Comm> COMMUNICATORS = new AttributeKind<>("communicator",
            (copier, deleter, stubs, keyval) -> Mpi.MPI_Comm_create_keyval(
                    MPI_Comm_copy_attr_function.allocate((comm, key, extra, in, out, flag) -> copier.copy(in, out, flag), stubs),
                    MPI_Comm_delete_attr_function.allocate((comm, key, value, extra) -> deleter.delete(value), stubs),
                    keyval, MemorySegment.NULL),
            Mpi::MPI_Comm_free_keyval, (comm, environment) -> comm.handle(),
            Mpi::MPI_Comm_set_attr, Mpi::MPI_Comm_get_attr, Mpi::MPI_Comm_delete_attr);

    /** The types are the MPI handles of the environment the key belongs to. */
    static final AttributeKind<Datatype, MPI_Datatype> DATATYPES = new AttributeKind<>("datatype",
            (copier, deleter, stubs, keyval) -> Mpi.MPI_Type_create_keyval(
                    MPI_Type_copy_attr_function.allocate((type, key, extra, in, out, flag) -> copier.copy(in, out, flag), stubs),
                    MPI_Type_delete_attr_function.allocate((type, key, value, extra) -> deleter.delete(value), stubs),
                    keyval, MemorySegment.NULL),
            Mpi::MPI_Type_free_keyval, Datatype::handle,
            Mpi::MPI_Type_set_attr, Mpi::MPI_Type_get_attr, Mpi::MPI_Type_delete_attr);

    /** Windows are never duplicated: their keys have no copier. */
    static final AttributeKind<Window, MPI_Win> WINDOWS = new AttributeKind<>("window",
            (copier, deleter, stubs, keyval) -> Mpi.MPI_Win_create_keyval(Mpi.MPI_WIN_NULL_COPY_FN,
                    MPI_Win_delete_attr_function.allocate((win, key, value, extra) -> deleter.delete(value), stubs),
                    keyval, MemorySegment.NULL),
            Mpi::MPI_Win_free_keyval, (window, environment) -> window.handle(),
            Mpi::MPI_Win_set_attr, Mpi::MPI_Win_get_attr, Mpi::MPI_Win_delete_attr);

    /** The objects' name in messages. */
    final String objects;
    private final KeyvalCreation creation;
    private final Consumer<MemorySegment> free;
    private final BiFunction<O, Environment, H> handle;
    private final Set<H> set;
    private final Get<H> get;
    private final Delete<H> delete;

    private AttributeKind(String objects, KeyvalCreation creation, Consumer<MemorySegment> free,
            BiFunction<O, Environment, H> handle, Set<H> set, Get<H> get, Delete<H> delete) {
        this.objects = objects;
        this.creation = creation;
        this.free = free;
        this.handle = handle;
        this.set = set;
        this.get = get;
        this.delete = delete;
    }

    /** Creates a keyval whose functions call {@code copier} and {@code deleter}, their stubs in {@code stubs}. */
    void createKeyval(Copier copier, Deleter deleter, Arena stubs, MemorySegment keyval) {
        creation.create(copier, deleter, stubs, keyval);
    }

    void freeKeyval(MemorySegment keyval) {
        free.accept(keyval);
    }

    void set(O object, Environment environment, int keyval, MemorySegment value) {
        set.set(handle.apply(object, environment), keyval, value);
    }

    void get(O object, Environment environment, int keyval, MemorySegment value, MemorySegment flag) {
        get.get(handle.apply(object, environment), keyval, value, flag);
    }

    void delete(O object, Environment environment, int keyval) {
        delete.delete(handle.apply(object, environment), keyval);
    }
}
