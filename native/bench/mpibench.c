/*
 * The C reference of mpi4all's MPI benchmarks: the same operations as jmh-bench's PingPong, Bandwidth,
 * Allreduce and CallOverhead, on the same MPI, with the same plan (jmh-bench's BenchPlan prints it), so each
 * Java contender's times divide by these one to one. Built with each implementation's own mpicc by
 * scripts/bench.
 *
 *   mpibench [--results DIR] FAMILY WARMUP MEASUREMENT BYTES:BATCH:WINDOW...
 *
 * FAMILY: ping-pong, bandwidth, allreduce or call-overhead. Every step runs WARMUP untimed and MEASUREMENT
 * timed iterations of BATCH operations, each iteration after a barrier, as JMH does under
 * org.mpi4all.bench.MpiBenchmarks. Rank 0 prints one line per step; every rank appends one Measurement line
 * per benchmark to DIR/rankN.tsv: "c  Class.method  BYTES  WINDOW  BATCH  microseconds-per-operation,...".
 *
 * Built as a shared library too (-DMPIBENCH_LIBRARY, no main), whose mpibench_step measures one step inside a
 * process that has already initialised MPI: jmh-bench's MpiBenchmarks runs it beside each Java contender's step,
 * in the same launch (--paired-c), so that C and Java share where the scheduler put the two ranks; those lines
 * name the contender "c-in-CONTENDER".
 *
 * MPI is initialised at MPI_THREAD_SINGLE, as every Java contender is (JMH runs them in the thread that
 * initialised MPI). The level must be the same on both sides: Open MPI 4.1 takes a mutex and waits on a
 * condition object in every blocking call at any level above MPI_THREAD_SINGLE, which costs its 8-byte round
 * trip about half as much again and makes it bimodal (docs/benchmarks-journal.md, "The thread level of the
 * benchmarks").
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ACK_BYTES 1

typedef struct {
    int bytes, batch, window;
} step_t;

typedef struct {
    int rank, peer;
    char *regions;          /* window regions of `bytes` bytes; region 0 serves the blocking messages */
    MPI_Request *requests;
    double *send_doubles, *receive_doubles;
    step_t step;
    const char *contender; /* the first field of a results line */
} bench_t;

/* One operation of a benchmark; returns something the compiler cannot discard. */
typedef double (*operation_t)(bench_t *);

static volatile double sink;

static void die(const char *message) {
    fprintf(stderr, "mpibench: %s\n", message);
    MPI_Abort(MPI_COMM_WORLD, 2);
    exit(2);
}

static double round_trip(bench_t *b) {
    if (b->rank == 0) {
        MPI_Send(b->regions, b->step.bytes, MPI_BYTE, b->peer, 0, MPI_COMM_WORLD);
        MPI_Recv(b->regions, b->step.bytes, MPI_BYTE, b->peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(b->regions, b->step.bytes, MPI_BYTE, b->peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(b->regions, b->step.bytes, MPI_BYTE, b->peer, 0, MPI_COMM_WORLD);
    }
    return 0;
}

static double window(bench_t *b) {
    int bytes = b->step.bytes, w = b->step.window;
    if (b->rank == 0) {
        for (int r = 0; r < w; r++)
            MPI_Isend(b->regions + (size_t) r * bytes, bytes, MPI_BYTE, b->peer, 0, MPI_COMM_WORLD, &b->requests[r]);
        MPI_Waitall(w, b->requests, MPI_STATUSES_IGNORE);
        MPI_Recv(b->regions, ACK_BYTES, MPI_BYTE, b->peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        for (int r = 0; r < w; r++)
            MPI_Irecv(b->regions + (size_t) r * bytes, bytes, MPI_BYTE, b->peer, 0, MPI_COMM_WORLD, &b->requests[r]);
        MPI_Waitall(w, b->requests, MPI_STATUSES_IGNORE);
        MPI_Send(b->regions, ACK_BYTES, MPI_BYTE, b->peer, 0, MPI_COMM_WORLD);
    }
    return 0;
}

static double sum(bench_t *b) {
    MPI_Allreduce(b->send_doubles, b->receive_doubles, b->step.bytes / 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return 0;
}

static double comm_rank(bench_t *b) {
    int rank;
    (void) b;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

static double wtime(bench_t *b) {
    (void) b;
    return MPI_Wtime();
}

/* Runs warmup and timed iterations of `op`; rank 0 reports them under `name`. */
static void measure(bench_t *b, const char *name, operation_t op, int warmup, int measurement, FILE *results) {
    double *times = malloc(sizeof(double) * (size_t) measurement);
    if (!times) die("out of memory");
    for (int i = -warmup; i < measurement; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double acc = 0, start = MPI_Wtime();
        for (int n = 0; n < b->step.batch; n++) acc += op(b);
        double elapsed = MPI_Wtime() - start;
        sink = acc;
        if (i >= 0) times[i] = elapsed * 1e6 / b->step.batch;
    }
    if (b->rank == 0) {
        printf("%-22s %8d B  window %2d  batch %7d :", name, b->step.bytes, b->step.window, b->step.batch);
        for (int i = 0; i < measurement; i++) printf(" %.4f", times[i]);
        printf(" us/op\n");
    }
    if (results) {
        fprintf(results, "%s\t%s\t%d\t%d\t%d\t", b->contender, name, b->step.bytes, b->step.window, b->step.batch);
        for (int i = 0; i < measurement; i++) fprintf(results, "%s%.6f", i ? "," : "", times[i]);
        fprintf(results, "\n");
        fflush(results);
    }
    free(times);
}

/* Every buffer starts on a page, as the Java contenders' segments do (Mpi4allMessaging.PAGE): on this machine's
   CPU a copy whose destination lies 1-31 bytes after its source modulo 4 KiB runs 5-20 times slower, and where
   malloc puts a large buffer within its page depends on the process's history (mmap'd at 16 bytes in a small C
   program, anywhere in a JVM's heap), so unaligned buffers made the comparison a draw (docs/benchmarks-journal.md,
   "Large reductions: C's own loop in a JVM against C alone"). */
static void *page_aligned(size_t bytes) {
    const size_t page = 4096;
    return aligned_alloc(page, (bytes + page - 1) / page * page);
}

static void run_step(bench_t *b, const char *family, int size, int warmup, int measurement, FILE *results) {
    size_t region_bytes = (size_t) b->step.bytes * (size_t) b->step.window;
    size_t doubles = (size_t) b->step.bytes / 8 + 1;
    b->regions = page_aligned(region_bytes > 0 ? region_bytes : 1);
    b->requests = calloc((size_t) b->step.window, sizeof(MPI_Request));
    b->send_doubles = page_aligned(doubles * sizeof(double));
    b->receive_doubles = page_aligned(doubles * sizeof(double));
    if (!b->regions || !b->requests || !b->send_doubles || !b->receive_doubles) die("out of memory");
    /* Give every page memory of its own, as the Java contenders' zero-filled arenas have: untouched pages are the
       kernel's one zero page, which a sender then reads from cache, and which made C's bandwidth from 16 KiB to
       1 MiB look 1.6 to 1.8 times what real data gets. */
    memset(b->regions, 0x5a, region_bytes > 0 ? region_bytes : 1);
    for (size_t i = 0; i < doubles; i++) b->send_doubles[i] = 1.0;
    memset(b->receive_doubles, 0, doubles * sizeof(double));
    int two_ranks = strcmp(family, "ping-pong") == 0 || strcmp(family, "bandwidth") == 0;
    if (two_ranks && size != 2) die("ping-pong and bandwidth run on exactly 2 ranks");

    if (strcmp(family, "ping-pong") == 0) {
        measure(b, "PingPong.roundTrip", round_trip, warmup, measurement, results);
    } else if (strcmp(family, "bandwidth") == 0) {
        measure(b, "Bandwidth.window", window, warmup, measurement, results);
    } else if (strcmp(family, "allreduce") == 0) {
        if (b->step.bytes % 8 != 0) die("allreduce sums doubles: sizes must be multiples of 8");
        measure(b, "Allreduce.sum", sum, warmup, measurement, results);
    } else if (strcmp(family, "call-overhead") == 0) {
        measure(b, "CallOverhead.commRank", comm_rank, warmup, measurement, results);
        measure(b, "CallOverhead.wtime", wtime, warmup, measurement, results);
    } else {
        die("unknown family (ping-pong, bandwidth, allreduce, call-overhead)");
    }
    free(b->regions);
    free(b->requests);
    free(b->send_doubles);
    free(b->receive_doubles);
}

/* One step measured in this process, which has initialised MPI (see the head of this file); appends to
   results_path under the contender's name. Returns 0; a bad argument ends the job through die(). */
int mpibench_step(const char *contender, const char *family, int warmup, int measurement, int bytes, int batch,
                  int window, const char *results_path) {
    bench_t b = {0};
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    b.peer = 1 - b.rank;
    b.contender = contender;
    b.step = (step_t) {bytes, batch, window};
    if (warmup < 0 || measurement < 1 || bytes < 0 || batch < 1 || window < 1) die("a bad step");
    FILE *results = fopen(results_path, "a");
    if (!results) die("cannot open the results file");
    run_step(&b, family, size, warmup, measurement, results);
    fclose(results);
    return 0;
}

#ifndef MPIBENCH_LIBRARY
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    bench_t b = {.contender = "c"};
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    b.peer = 1 - b.rank;

    int arg = 1;
    FILE *results = NULL;
    if (argc > 2 && strcmp(argv[1], "--results") == 0) {
        char path[4096];
        snprintf(path, sizeof path, "%s/rank%d.tsv", argv[2], b.rank);
        if (!(results = fopen(path, "a"))) die("cannot open the results file DIR/rankN.tsv (does DIR exist?)");
        arg = 3;
    }
    if (argc - arg < 4) die("usage: mpibench [--results DIR] FAMILY WARMUP MEASUREMENT BYTES:BATCH:WINDOW...");
    const char *family = argv[arg];
    int warmup = atoi(argv[arg + 1]), measurement = atoi(argv[arg + 2]);
    if (warmup < 0 || measurement < 1) die("WARMUP must be >= 0 and MEASUREMENT >= 1");
    for (int i = arg + 3; i < argc; i++) {
        if (sscanf(argv[i], "%d:%d:%d", &b.step.bytes, &b.step.batch, &b.step.window) != 3 ||
            b.step.bytes < 0 || b.step.batch < 1 || b.step.window < 1)
            die("a step is BYTES:BATCH:WINDOW with BATCH and WINDOW >= 1");
        run_step(&b, family, size, warmup, measurement, results);
    }
    if (results) fclose(results);
    MPI_Finalize();
    return 0;
}
#endif
