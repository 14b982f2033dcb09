package org.mpi4all.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.mpi4all.runtime.DatatypeSpans.Span;

/**
 * {@link Span#fits}, which the checked mode runs on every buffer, against the bounds its error message states
 * ({@link Span#first}, {@link Span#end}): the same verdict for ordinary, negative-extent, resized and overflowing
 * datatypes, around every boundary. No MPI: a span is what MPI said of a datatype.
 */
class DatatypeSpansTest {
    private static final long[] COUNTS = {1, 2, 3, 7, 1L << 20, Integer.MAX_VALUE, Long.MAX_VALUE / 8,
            Long.MAX_VALUE / 2, Long.MAX_VALUE};

    @Test
    void aDoubleFitsExactlyItsBytes() {
        Span doubles = new Span(1, 0, 8, 0, 8);
        assertThat(doubles.fits(4, 32)).isTrue();
        assertThat(doubles.fits(4, 31)).isFalse();
        assertThat(doubles.fits(1, 8)).isTrue();
    }

    @Test
    void aNegativeExtentReachesBeforeTheStart() {
        // MPI_Type_create_resized(MPI_INT, 8, -8): the second element lies before the first
        Span backwards = new Span(2, 8, -8, 8, 4);
        assertThat(backwards.fits(1, 12)).isTrue();
        assertThat(backwards.fits(2, 12)).isTrue();   // the second element at byte 0
        assertThat(backwards.fits(3, 12)).isFalse();  // the third at byte -8
        assertThat(backwards.first(3)).isEqualTo(-8);
    }

    @Test
    void anOverflowingCountFitsNoBoundedSegment() {
        Span doubles = new Span(1, 0, 8, 0, 8);
        assertThat(doubles.fits(Long.MAX_VALUE, Long.MAX_VALUE - 1)).isFalse();
        assertThat(doubles.end(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
        // a segment of Long.MAX_VALUE bytes (MemorySegment.NULL reinterpreted) is said to hold it, as end says
        assertThat(doubles.fits(Long.MAX_VALUE, Long.MAX_VALUE)).isTrue();
    }

    @Test
    void fitsAgreesWithTheBoundsOfTheMessageEverywhere() {
        long[] extents = {1, 8, -8, 24, 3, -1, Long.MAX_VALUE / 4, Long.MIN_VALUE / 4, Long.MAX_VALUE};
        long[] trueLbs = {0, 4, -4, 16, Long.MAX_VALUE / 2};
        long[] trueExtents = {0, 1, 8, 20, Long.MAX_VALUE / 2};
        int compared = 0;
        for (long extent : extents) {
            for (long trueLb : trueLbs) {
                for (long trueExtent : trueExtents) {
                    Span span = new Span(9, trueLb, extent, trueLb, trueExtent);
                    for (long count : COUNTS) {
                        long first = span.first(count);
                        long end = span.end(count);
                        for (long bytes : new long[] {0, 1, end - 1, end, end + 1, Long.MAX_VALUE - 1, Long.MAX_VALUE}) {
                            if (bytes < 0) {
                                continue;   // end - 1 or end + 1 wrapped around
                            }
                            assertThat(span.fits(count, bytes))
                                    .as("%s, count %d, %d bytes", span, count, bytes)
                                    .isEqualTo(first >= 0 && end <= bytes);
                            compared++;
                        }
                    }
                }
            }
        }
        assertThat(compared).isGreaterThan(5_000);
    }
}
