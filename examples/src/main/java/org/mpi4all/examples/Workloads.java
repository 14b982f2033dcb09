package org.mpi4all.examples;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parts of the example programs that do not communicate, shared by the high-level and the low-level
 * version of each (and mirrored line for line in {@code native/examples/workloads.h} for the C version),
 * so that the versions differ only in how they use MPI, as in KaMPIng's Table I. The random numbers come
 * from splitmix64, so that Java and C produce the same data and the same results.
 */
public final class Workloads {
    private Workloads() {}

    /** splitmix64: a well-mixed 64-bit hash of {@code x}, the generator of all the examples' data. */
    public static long mix(long x) {
        long z = x + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    // ---- sample sort -----------------------------------------------------------------------------

    /** The {@code n} numbers rank {@code rank} starts with. */
    public static long[] randomData(int rank, int n) {
        long[] data = new long[n];
        for (int i = 0; i < n; i++) {
            data[i] = mix((long) rank << 32 | i);
        }
        return data;
    }

    /** {@code 16 log2(p) + 1} samples, as in KaMPIng's sample sort. */
    public static int sampleCount(int processes) {
        return 16 * (31 - Integer.numberOfLeadingZeros(processes)) + 1;
    }

    /** {@code k} elements of {@code data} picked at random (with replacement). */
    public static long[] sample(long[] data, int k, int rank) {
        long[] samples = new long[k];
        for (int i = 0; i < k; i++) {
            samples[i] = data.length == 0 ? 0 : data[(int) Long.remainderUnsigned(mix(~((long) rank << 32 | i)), data.length)];
        }
        return samples;
    }

    /** The {@code p-1} splitters: every {@code k}-th of the sorted samples of all ranks. */
    public static long[] splitters(long[] sortedSamples, int k, int processes) {
        long[] splitters = new long[processes - 1];
        for (int i = 0; i < processes - 1; i++) {
            splitters[i] = sortedSamples[k * (i + 1)];
        }
        return splitters;
    }

    /**
     * {@code data} reordered by bucket (bucket b holds the elements with exactly b splitters below them)
     * and, in {@code counts}, the size of each bucket.
     */
    public static long[] buckets(long[] data, long[] splitters, int[] counts) {
        int[] bucketOf = new int[data.length];
        for (int i = 0; i < data.length; i++) {
            int b = Arrays.binarySearch(splitters, data[i]);
            bucketOf[i] = b >= 0 ? lowestEqual(splitters, b) : -b - 1;
            counts[bucketOf[i]]++;
        }
        int[] next = new int[counts.length];
        for (int b = 1; b < counts.length; b++) {
            next[b] = next[b - 1] + counts[b - 1];
        }
        long[] ordered = new long[data.length];
        for (int i = 0; i < data.length; i++) {
            ordered[next[bucketOf[i]]++] = data[i];
        }
        return ordered;
    }

    private static int lowestEqual(long[] sorted, int at) {
        while (at > 0 && sorted[at - 1] == sorted[at]) {
            at--;
        }
        return at;
    }

    /** The sum of {@code data}, wrapping: whatever sorting does, it must keep it. */
    public static long checksum(long[] data) {
        long sum = 0;
        for (long v : data) {
            sum += v;
        }
        return sum;
    }

    /** {@code [count, first, last]} of sorted {@code data}, for checking the order across ranks. */
    public static long[] ends(long[] data) {
        return data.length == 0 ? new long[] {0, 0, 0} : new long[] {data.length, data[0], data[data.length - 1]};
    }

    /** Whether the {@code [count, first, last]} triples of all ranks, in rank order, follow each other. */
    public static boolean inOrder(long[] ends) {
        long last = Long.MIN_VALUE;
        for (int i = 0; i < ends.length; i += 3) {
            if (ends[i] > 0) {
                if (ends[i + 1] < last) {
                    return false;
                }
                last = ends[i + 2];
            }
        }
        return true;
    }

    public static boolean isSorted(long[] data) {
        for (int i = 1; i < data.length; i++) {
            if (data[i - 1] > data[i]) {
                return false;
            }
        }
        return true;
    }

    // ---- breadth-first search -------------------------------------------------------------------

    /** Out-edges per vertex: one to the next vertex (so that all are reachable) and three at random. */
    public static final int DEGREE = 4;

    /** The {@code j}-th out-neighbour of vertex {@code v} of a graph of {@code n} vertices. */
    public static long neighbour(long v, int j, long n) {
        return j == 0 ? (v + 1) % n : Long.remainderUnsigned(mix(v * DEGREE + j), n);
    }

    /**
     * The neighbours of the frontier's vertices, grouped by the rank that owns them (vertex v belongs to
     * rank {@code v / perRank}); only the neighbours not already known here to be visited.
     */
    public static Map<Integer, long[]> expand(long[] frontier, int[] distance, long firstLocal, int perRank, long n) {
        Map<Integer, LongList> byOwner = new TreeMap<>();
        for (long u : frontier) {
            for (int j = 0; j < DEGREE; j++) {
                long v = neighbour(u, j, n);
                int owner = (int) (v / perRank);
                boolean local = v >= firstLocal && v < firstLocal + perRank;
                if (!local || distance[(int) (v - firstLocal)] < 0) {
                    byOwner.computeIfAbsent(owner, o -> new LongList()).add(v);
                }
            }
        }
        Map<Integer, long[]> messages = new TreeMap<>();
        byOwner.forEach((owner, list) -> messages.put(owner, list.toArray()));
        return messages;
    }

    /** Marks the received vertices not yet visited with {@code level}; they are the next frontier. */
    public static long[] visit(long[] received, int[] distance, long firstLocal, int level) {
        LongList frontier = new LongList();
        for (long v : received) {
            int local = (int) (v - firstLocal);
            if (distance[local] < 0) {
                distance[local] = level;
                frontier.add(v);
            }
        }
        return frontier.toArray();
    }

    /** The distances from vertex 0 of every vertex, by a sequential BFS: the reference. */
    public static int[] sequentialBfs(long n) {
        int[] distance = new int[(int) n];
        Arrays.fill(distance, -1);
        distance[0] = 0;
        ArrayDeque<Long> queue = new ArrayDeque<>();
        queue.add(0L);
        while (!queue.isEmpty()) {
            long u = queue.poll();
            for (int j = 0; j < DEGREE; j++) {
                long v = neighbour(u, j, n);
                if (distance[(int) v] < 0) {
                    distance[(int) v] = distance[(int) u] + 1;
                    queue.add(v);
                }
            }
        }
        return distance;
    }

    /** A growable {@code long[]}. */
    public static final class LongList {
        private long[] values = new long[8];
        private int size;

        public void add(long value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, 2 * size);
            }
            values[size++] = value;
        }

        public void addAll(long[] more) {
            for (long v : more) {
                add(v);
            }
        }

        public long[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }

    // ---- Floyd's all-pairs shortest paths -------------------------------------------------------

    /** No edge. */
    public static final double INFINITY = Double.POSITIVE_INFINITY;

    /**
     * Rows {@code first .. first+rows-1} of the distance matrix of a random directed graph of {@code n}
     * nodes, row-major: integer weights 1..99 on about a tenth of the pairs, 0 on the diagonal.
     */
    public static double[] distanceRows(int n, int first, int rows) {
        double[] d = new double[rows * n];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < n; c++) {
                long h = mix((long) (first + r) * n + c);
                boolean edge = Long.remainderUnsigned(h, 10) == 0;
                d[r * n + c] = first + r == c ? 0 : edge ? 1 + Long.remainderUnsigned(h >>> 8, 99) : INFINITY;
            }
        }
        return d;
    }

    /** Floyd's algorithm on the whole matrix, sequentially: the reference. */
    public static double[] sequentialFloyd(int n) {
        double[] d = distanceRows(n, 0, n);
        for (int k = 0; k < n; k++) {
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) {
                    d[r * n + c] = Math.min(d[r * n + c], d[r * n + k] + d[k * n + c]);
                }
            }
        }
        return d;
    }

    /** The rank that holds row {@code k} when {@code n} rows are dealt out in blocks over {@code p} ranks. */
    public static int ownerOfRow(int k, int n, int p) {
        return (int) (((long) (k + 1) * p - 1) / n);
    }

    /** The first row of rank {@code rank} when {@code n} rows are dealt out in blocks over {@code p} ranks. */
    public static int firstRow(int rank, int n, int p) {
        return (int) ((long) rank * n / p);
    }
}
