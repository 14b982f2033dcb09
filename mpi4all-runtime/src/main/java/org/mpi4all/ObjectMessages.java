package org.mpi4all;

import static org.mpi4all.Param.Name.ROOT;
import static org.mpi4all.Param.Name.STATUS;
import static org.mpi4all.Param.Name.SYNCHRONOUS;
import static org.mpi4all.Param.Name.TAG;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Objects sent, broadcast and gathered as the bytes of a {@link Serializer}: the {@code ...Object(s)} methods of
 * {@link Communicator} come here. Each is the byte-array operation of the same name, with the counts exchanged
 * where the receivers cannot know them.
 */
final class ObjectMessages {
    private static final int SEND_PARAMS = Param.accepting(TAG, SYNCHRONOUS);
    private static final int RECV_PARAMS = Param.accepting(TAG, STATUS);
    private static final int ROOT_PARAMS = Param.accepting(ROOT);

    private ObjectMessages() {}

    static <T> void send(Communicator c, T value, int dest, Serializer<? super T> serializer, Param... params) {
        Param.check("sendObject", params, SEND_PARAMS);
        c.send(serializer.serialize(value), dest, params);
    }

    static <T> T recv(Communicator c, int source, Serializer<? extends T> serializer, Param... params) {
        Param.check("recvObject", params, RECV_PARAMS);
        return serializer.deserialize(c.recv(byte[].class, source, params));
    }

    static <T> T bcast(Communicator c, T value, Serializer<T> serializer, Param... params) {
        int root = c.root("bcastObject", params, Param.check("bcastObject", params, ROOT_PARAMS));
        byte[] bytes = c.isRoot(root) ? serializer.serialize(value) : null;
        int[] length = c.bcast(new int[] {bytes != null ? bytes.length : 0}, Param.rootArgument(root));
        bytes = c.bcast(bytes != null ? bytes : new byte[length[0]], Param.rootArgument(root));
        return c.isRoot(root) || !c.exchangesWithRoot(root) ? value : serializer.deserialize(bytes);
    }

    static <T> List<T> allgather(Communicator c, T value, Serializer<T> serializer) {
        int[] counts = new int[c.peers()];
        byte[] all = c.allgatherv(serializer.serialize(value), Param.recvCountsOut(counts));
        return split(all, counts, serializer);
    }

    static <T> List<T> gather(Communicator c, T value, Serializer<T> serializer, Param... params) {
        int root = c.root("gatherObjects", params, Param.check("gatherObjects", params, ROOT_PARAMS));
        int[] counts = new int[c.peers()];
        byte[] all = c.gatherv(serializer.serialize(value), Param.rootArgument(root), Param.recvCountsOut(counts));
        return c.isRoot(root) ? split(all, counts, serializer) : List.of();
    }

    /** The objects of {@code all}, the concatenation of serialized values of {@code counts} bytes each. */
    private static <T> List<T> split(byte[] all, int[] counts, Serializer<T> serializer) {
        List<T> values = new ArrayList<>(counts.length);
        int at = 0;
        for (int count : counts) {
            values.add(serializer.deserialize(Arrays.copyOfRange(all, at, at + count)));
            at += count;
        }
        return values;
    }
}
