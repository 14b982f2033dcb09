package org.mpi4all;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.mpi4all.ffi.MPI_Info;
import org.mpi4all.ffi.Mpi;

/**
 * Hints as key-value strings ({@code MPI_Info}), for the operations that take them ({@link Session#init},
 * {@link Session#processSets}). MPI reads an info object only during the call that takes it, so one
 * object can serve many calls; close it when done ({@code MPI_Info_free}). Info objects need no
 * {@link Environment}: MPI-4 allows them before MPI is initialised, as a session's start needs them.
 *
 * {@snippet :
 * try (Info hints = Info.of(Map.of("thread_level", "MPI_THREAD_MULTIPLE"))) {
 *     Optional<String> level = hints.get("thread_level");
 * }
 * }
 */
public final class Info implements AutoCloseable {
    private final MPI_Info handle;
    private boolean freed;

    private Info(MPI_Info handle) {
        this.handle = handle;
    }

    /** {@return a new, empty info object} ({@code MPI_Info_create}) */
    public static Info create() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Info.allocate(arena);
            Mpi.MPI_Info_create(slot);
            return new Info(MPI_Info.read(slot));
        }
    }

    /** {@return a new info object holding {@code entries}} */
    public static Info of(Map<String, String> entries) {
        Info info = create();
        entries.forEach(info::set);
        return info;
    }

    /** Wraps an info object MPI made for the caller (a {@code *_get_info}), which the caller frees. */
    static Info adopt(MemorySegment slot) {
        return new Info(MPI_Info.read(slot));
    }

    /** The MPI handle, after checking the object was not freed. */
    MPI_Info handle() {
        if (freed) {
            throw new IllegalStateException("the info object was freed");
        }
        return handle;
    }

    /** {@return the handle of {@code info}, or {@code MPI_INFO_NULL} for null} */
    static MPI_Info handleOrNull(Info info) {
        return info == null ? Mpi.MPI_INFO_NULL : info.handle();
    }

    /**
     * Sets {@code key} to {@code value} ({@code MPI_Info_set}), replacing a value it had; returns this object.
     *
     * @throws IllegalArgumentException if the key is empty or longer than {@code MPI_MAX_INFO_KEY}, or the
     *                                  value longer than {@code MPI_MAX_INFO_VAL}
     */
    public Info set(String key, String value) {
        checkKey("set", key);
        Objects.requireNonNull(value, "value == null");
        if (value.length() > Mpi.MPI_MAX_INFO_VAL) {
            throw new IllegalArgumentException("set: the value of " + key + " has " + value.length()
                    + " characters, more than MPI_MAX_INFO_VAL (" + Mpi.MPI_MAX_INFO_VAL + ")");
        }
        MPI_Info info = handle();
        try (Arena arena = Arena.ofConfined()) {
            Mpi.MPI_Info_set(info, arena.allocateFrom(key), arena.allocateFrom(value));
        }
        return this;
    }

    /** {@return the value of {@code key}}, empty if it has none ({@code MPI_Info_get_valuelen}, {@code MPI_Info_get}) */
    public Optional<String> get(String key) {
        checkKey("get", key);
        MPI_Info info = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment name = arena.allocateFrom(key);
            MemorySegment lengthAndFlag = arena.allocate(JAVA_INT, 2);
            Mpi.MPI_Info_get_valuelen(info, name, lengthAndFlag, lengthAndFlag.asSlice(4));
            if (lengthAndFlag.getAtIndex(JAVA_INT, 1) == 0) {
                return Optional.empty();
            }
            int length = lengthAndFlag.getAtIndex(JAVA_INT, 0);
            MemorySegment value = arena.allocate(length + 1L);
            Mpi.MPI_Info_get(info, name, length, value, lengthAndFlag.asSlice(4));
            return Optional.of(value.getString(0));
        }
    }

    /**
     * Removes {@code key} ({@code MPI_Info_delete}); returns this object.
     *
     * @throws IllegalArgumentException if it has no value (checked here: MPI's error would go to the error
     *                                  handler of MPI_COMM_SELF, fatal by default)
     */
    public Info delete(String key) {
        if (get(key).isEmpty()) {
            throw new IllegalArgumentException("delete: the info object has no key \"" + key + "\"");
        }
        MPI_Info info = handle();
        try (Arena arena = Arena.ofConfined()) {
            Mpi.MPI_Info_delete(info, arena.allocateFrom(key));
        }
        return this;
    }

    /** {@return the keys, in MPI's order} ({@code MPI_Info_get_nkeys}, {@code MPI_Info_get_nthkey}) */
    public List<String> keys() {
        MPI_Info info = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment number = arena.allocate(JAVA_INT);
            Mpi.MPI_Info_get_nkeys(info, number);
            int count = number.get(JAVA_INT, 0);
            MemorySegment key = arena.allocate(Mpi.MPI_MAX_INFO_KEY + 1L);
            List<String> keys = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                Mpi.MPI_Info_get_nthkey(info, i, key);
                keys.add(key.getString(0));
            }
            return keys;
        }
    }

    /** {@return every key with its value, in MPI's order} */
    public Map<String, String> toMap() {
        Map<String, String> entries = new LinkedHashMap<>();
        for (String key : keys()) {
            entries.put(key, get(key).orElseThrow());
        }
        return entries;
    }

    /** {@return a new info object with the same entries} ({@code MPI_Info_dup}) */
    public Info dup() {
        MPI_Info info = handle();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Info.allocate(arena);
            Mpi.MPI_Info_dup(info, slot);
            return new Info(MPI_Info.read(slot));
        }
    }

    /**
     * Frees the info object ({@code MPI_Info_free}).
     *
     * @throws IllegalStateException if it was freed already
     */
    @Override
    public void close() {
        MPI_Info info = handle();
        freed = true;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment slot = MPI_Info.allocate(arena);
            MPI_Info.write(slot, 0, info);
            Mpi.MPI_Info_free(slot);
        }
    }

    @Override
    public String toString() {
        return freed ? "Info[freed]" : "Info" + toMap();
    }

    private static void checkKey(String operation, String key) {
        Objects.requireNonNull(key, "key == null");
        if (key.isEmpty() || key.length() > Mpi.MPI_MAX_INFO_KEY) {
            throw new IllegalArgumentException(operation + ": an info key has 1 to MPI_MAX_INFO_KEY ("
                    + Mpi.MPI_MAX_INFO_KEY + ") characters: \"" + key + "\"");
        }
    }
}
