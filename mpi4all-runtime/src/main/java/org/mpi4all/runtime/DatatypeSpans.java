package org.mpi4all.runtime;

import java.util.Arrays;
import java.util.Objects;

/**
 * The extents of the datatypes the checked mode has seen, by handle value: each datatype is measured once (two
 * MPI calls), then found without a call or an allocation. Readers take a snapshot of an open-addressing table that
 * writers replace (under this object's lock), so threads need no lock to read. A datatype that is freed must be
 * {@linkplain #forget forgotten}: MPI reuses handle values.
 */
final class DatatypeSpans {
    /** What MPI said of one datatype. */
    record Span(long datatype, long lb, long extent, long trueLb, long trueExtent) {
        /**
         * Whether {@code count} (at least one) elements, the first at byte 0, lie within {@code bytes}: from the first
         * byte MPI touches ({@link #first}) to the last ({@link #end}). This runs on every checked buffer: the last
         * element's offset is computed once for both bounds, in this method alone, so that inlining it costs C2 no
         * further level of its inlining depth.
         */
        boolean fits(long count, long bytes) {
            try {
                long last = Math.multiplyExact(count - 1, extent);
                return trueLb + Math.min(0, last) >= 0
                        && Math.addExact(trueLb + trueExtent, Math.max(0, last)) <= bytes;
            } catch (ArithmeticException overflow) {
                return end(count) <= bytes;   // Long.MAX_VALUE <= bytes: beyond a long, as end says
            }
        }

        /** Where the first byte of {@code count} elements lies: the true lower bound, earlier for a negative extent. */
        long first(long count) {
            try {
                return trueLb + Math.min(0, Math.multiplyExact(count - 1, extent));
            } catch (ArithmeticException overflow) {
                return 0;
            }
        }

        /** Where the last of {@code count} elements ends; {@link Long#MAX_VALUE} if that is beyond a {@code long}. */
        long end(long count) {
            try {
                return Math.addExact(trueLb + trueExtent, Math.max(0, Math.multiplyExact(count - 1, extent)));
            } catch (ArithmeticException overflow) {
                return Long.MAX_VALUE;
            }
        }
    }

    private final ArgumentChecks.DatatypeMeasure measure;
    private volatile Span[] table = new Span[64];
    private int size;

    DatatypeSpans(ArgumentChecks.DatatypeMeasure measure) {
        this.measure = measure;
    }

    /** What was measured of {@code datatype}, or null if it has not been yet. */
    Span measuredBefore(long datatype) {
        Span[] snapshot = table;
        int mask = snapshot.length - 1;
        for (int i = slot(datatype, mask); ; i = (i + 1) & mask) {
            Span span = snapshot[i];
            if (span == null || span.datatype() == datatype) {
                return span;
            }
        }
    }

    /** Measures {@code datatype} (unless another thread just did) and keeps what MPI said. */
    synchronized Span measured(long datatype) {
        for (Span span : table) {
            if (span != null && span.datatype() == datatype) {
                return span;   // another thread measured it meanwhile
            }
        }
        long[] values = new long[4];
        measure.measure(datatype, values);
        Span span = new Span(datatype, values[0], values[1], values[2], values[3]);
        // Kept at most half full, so that a probe ends soon at an empty slot.
        table = copy(table, (size + 1) * 2 > table.length ? table.length * 2 : table.length, datatype, span);
        size++;
        return span;
    }

    synchronized void forget(long datatype) {
        table = copy(table, table.length, datatype, null);
        size = (int) Arrays.stream(table).filter(Objects::nonNull).count();
    }

    /** A new table of {@code capacity} with {@code from}'s spans but {@code datatype}'s, then {@code added} if any. */
    private static Span[] copy(Span[] from, int capacity, long datatype, Span added) {
        Span[] into = new Span[capacity];
        for (Span span : from) {
            if (span != null && span.datatype() != datatype) {
                insert(into, span);
            }
        }
        if (added != null) {
            insert(into, added);
        }
        return into;
    }

    private static void insert(Span[] into, Span span) {
        int mask = into.length - 1;
        int i = slot(span.datatype(), mask);
        while (into[i] != null) {
            i = (i + 1) & mask;
        }
        into[i] = span;
    }

    /** Handle values are small integers with flag bits (MPICH) or aligned pointers (Open MPI): mix all bits. */
    private static int slot(long datatype, int mask) {
        long h = datatype * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
