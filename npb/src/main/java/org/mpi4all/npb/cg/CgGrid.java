package org.mpi4all.npb.cg;

/**
 * CG's decomposition of the matrix over a 2-D grid of processes (NPB 3.4-MPI {@code cg.f},
 * {@code setup_proc_info} and {@code setup_submatrix_info}): {@code nprows} × {@code npcols} processes with
 * {@code npcols} = {@code nprows} or 2·{@code nprows}, each holding the block of rows
 * {@code firstRow..lastRow} and columns {@code firstCol..lastCol} (1-based global numbers, inclusive).
 *
 * <p>Sums across a process row take {@code l2npcols} = log2(npcols) pairwise exchange steps (recursive
 * halving with the partners in {@link #reduceExchangeRank}); the result then goes to the transpose process
 * ({@link #exchangeRank}), which turns a row-distributed vector into a column-distributed one. Offsets here
 * are 0-based positions in the local vectors.
 */
final class CgGrid {
    final int npcols;
    final int nprows;
    final int firstRow;
    final int lastRow;
    final int firstCol;
    final int lastCol;
    /** The local rows this process sends to its transpose process, and their count. */
    final int sendStart;
    final int sendLength;
    /** The transpose process: receives this process's row sums and sends its own. */
    final int exchangeRank;
    /** log2(npcols): the number of exchange steps of a sum across a process row. */
    final int l2npcols;
    /** Per exchange step i (0-based, NPB's i+1): partner, what to send and where to receive. */
    final int[] reduceExchangeRank;
    final int[] reduceSendStart;
    final int[] reduceSendLength;
    final int[] reduceReceiveStart;
    final int[] reduceReceiveLength;

    /**
     * @param na    the matrix order
     * @param nprocs the number of processes, a power of two
     * @param me    this process's rank
     */
    CgGrid(int na, int nprocs, int me) {
        int logP = Integer.numberOfTrailingZeros(nprocs);
        nprows = 1 << (logP / 2);
        npcols = 1 << (logP - logP / 2);
        int procRow = me / npcols;
        int procCol = me - procRow * npcols;

        int[] rows = block(na, nprows, procRow);
        firstRow = rows[0];
        lastRow = rows[1];
        int[] columns = columns(na, procCol, me);
        firstCol = columns[0];
        lastCol = columns[1];

        int localRows = lastRow - firstRow + 1;
        if (npcols == nprows) {
            sendStart = 0;
            sendLength = localRows;
            exchangeRank = me % nprows * nprows + me / nprows;
        } else {
            sendStart = me % 2 == 0 ? 0 : (1 + localRows) / 2;
            sendLength = me % 2 == 0 ? (1 + localRows) / 2 : localRows / 2;
            exchangeRank = 2 * (me / 2 % nprows * nprows + me / 2 / nprows) + me % 2;
        }

        l2npcols = Integer.numberOfTrailingZeros(npcols);
        reduceExchangeRank = new int[l2npcols];
        reduceSendStart = new int[l2npcols];
        reduceSendLength = new int[l2npcols];
        reduceReceiveStart = new int[l2npcols];
        reduceReceiveLength = new int[l2npcols];
        int divFactor = npcols;
        for (int i = 0; i < l2npcols; i++) {
            int partnerCol = (procCol + divFactor / 2) % divFactor + procCol / divFactor * divFactor;
            reduceExchangeRank[i] = procRow * npcols + partnerCol;
            divFactor /= 2;
        }
        for (int i = l2npcols - 1; i >= 0; i--) {
            if (nprows == npcols) {
                reduceSendStart[i] = sendStart;
                reduceSendLength[i] = sendLength;
                reduceReceiveLength[i] = localRows;
            } else {
                reduceReceiveLength[i] = sendLength;
                if (i == l2npcols - 1) {
                    reduceSendLength[i] = localRows - sendLength;
                    reduceSendStart[i] = me % 2 == 0 ? sendStart + sendLength : 0;
                } else {
                    reduceSendLength[i] = sendLength;
                    reduceSendStart[i] = sendStart;
                }
            }
            reduceReceiveStart[i] = sendStart;
        }
    }

    /** The number of columns this process holds: the length of its pieces of x, z, p, q and r. */
    int localColumns() {
        return lastCol - firstCol + 1;
    }

    int localRows() {
        return lastRow - firstRow + 1;
    }

    /** Block {@code index} of {@code parts} nearly equal blocks of 1..n, the first {@code n mod parts} one longer. */
    private static int[] block(int n, int parts, int index) {
        int size = n / parts;
        int longer = n - size * parts;
        int first = index < longer
                ? index * (size + 1) + 1
                : longer * (size + 1) + (index - longer) * size + 1;
        int length = index < longer ? size + 1 : size;
        return new int[] {first, first + length - 1};
    }

    /** This process's columns: a block of {@code npcols}, or half of a block of {@code npcols/2} when na does not divide. */
    private int[] columns(int na, int procCol, int me) {
        if (na % npcols == 0 || npcols == nprows) {
            return block(na, npcols, procCol);
        }
        int[] pair = block(na, npcols / 2, procCol / 2);
        int size = pair[1] - pair[0] + 1;
        int first = me % 2 == 0 ? pair[0] : pair[0] + (size - 1) / 2 + 1;
        int last = me % 2 == 0 ? first - 1 + (size - 1) / 2 + 1 : first - 1 + size / 2;
        return new int[] {first, last};
    }
}
