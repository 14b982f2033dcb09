/* The parts of the example programs that do not communicate, as in
 * examples/src/main/java/org/mpi4all/examples/Workloads.java, line for line, so that the C, the low-level
 * Java and the high-level Java version of each example compute the same data and differ only in how they
 * use MPI. */
#ifndef MPI4ALL_EXAMPLES_WORKLOADS_H
#define MPI4ALL_EXAMPLES_WORKLOADS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64 */
static inline int64_t mix(int64_t x) {
    uint64_t z = (uint64_t) x + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (int64_t) (z ^ (z >> 31));
}

/* ---- sample sort ---- */

static inline int64_t *random_data(int rank, int n) {
    int64_t *data = malloc((n > 0 ? n : 1) * sizeof(int64_t));
    for (int i = 0; i < n; i++) data[i] = mix((int64_t) rank << 32 | i);
    return data;
}

static inline int sample_count(int p) {
    int log2 = 0;
    while ((2 << log2) <= p) log2++;
    return 16 * log2 + 1;
}

static inline int64_t *sample(const int64_t *data, int n, int k, int rank) {
    int64_t *samples = malloc(k * sizeof(int64_t));
    for (int i = 0; i < k; i++) {
        samples[i] = n == 0 ? 0 : data[(uint64_t) mix(~((int64_t) rank << 32 | i)) % (uint64_t) n];
    }
    return samples;
}

static inline int compare_int64(const void *a, const void *b) {
    int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
    return x < y ? -1 : x > y;
}

/* the index of the first splitter >= v, so bucket b holds the values with exactly b splitters below them */
static inline int bucket_of(const int64_t *splitters, int count, int64_t v) {
    int low = 0, high = count;
    while (low < high) {
        int mid = (low + high) / 2;
        if (splitters[mid] < v) low = mid + 1; else high = mid;
    }
    return low;
}

/* data reordered by bucket; counts[b] gets the size of bucket b */
static inline int64_t *buckets(const int64_t *data, int n, const int64_t *splitters, int p, int *counts) {
    int *bucket = malloc((n > 0 ? n : 1) * sizeof(int));
    int *next = calloc(p, sizeof(int));
    for (int i = 0; i < n; i++) counts[bucket[i] = bucket_of(splitters, p - 1, data[i])]++;
    for (int b = 1; b < p; b++) next[b] = next[b - 1] + counts[b - 1];
    int64_t *ordered = malloc((n > 0 ? n : 1) * sizeof(int64_t));
    for (int i = 0; i < n; i++) ordered[next[bucket[i]]++] = data[i];
    free(bucket);
    free(next);
    return ordered;
}

static inline int64_t checksum(const int64_t *data, int n) {
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) sum += (uint64_t) data[i];
    return (int64_t) sum;
}

static inline int is_sorted(const int64_t *data, int n) {
    for (int i = 1; i < n; i++) if (data[i - 1] > data[i]) return 0;
    return 1;
}

/* [count, first, last] of sorted data */
static inline void ends(const int64_t *data, int n, int64_t out[3]) {
    out[0] = n;
    out[1] = n > 0 ? data[0] : 0;
    out[2] = n > 0 ? data[n - 1] : 0;
}

static inline int in_order(const int64_t *ends, int p) {
    int64_t last = INT64_MIN;
    for (int i = 0; i < 3 * p; i += 3) {
        if (ends[i] > 0) {
            if (ends[i + 1] < last) return 0;
            last = ends[i + 2];
        }
    }
    return 1;
}

/* ---- breadth-first search ---- */

#define DEGREE 4

static inline int64_t neighbour(int64_t v, int j, int64_t n) {
    return j == 0 ? (v + 1) % n : (int64_t) ((uint64_t) mix(v * DEGREE + j) % (uint64_t) n);
}

/* A growable int64_t array. */
typedef struct { int64_t *values; int size, capacity; } list;

static inline void add(list *l, int64_t v) {
    if (l->size == l->capacity) {
        l->capacity = l->capacity ? 2 * l->capacity : 8;
        l->values = realloc(l->values, l->capacity * sizeof(int64_t));
    }
    l->values[l->size++] = v;
}

/* the neighbours of the frontier not known here to be visited, one list per owner (p lists) */
static inline void expand(const list *frontier, const int *distance, int64_t first, int per_rank, int64_t n, list *by_owner) {
    for (int i = 0; i < frontier->size; i++) {
        for (int j = 0; j < DEGREE; j++) {
            int64_t v = neighbour(frontier->values[i], j, n);
            int local = v >= first && v < first + per_rank;
            if (!local || distance[v - first] < 0) add(&by_owner[v / per_rank], v);
        }
    }
}

/* marks the received vertices not yet visited with level; they become the frontier */
static inline void visit(const list *received, int *distance, int64_t first, int level, list *frontier) {
    frontier->size = 0;
    for (int i = 0; i < received->size; i++) {
        int64_t local = received->values[i] - first;
        if (distance[local] < 0) {
            distance[local] = level;
            add(frontier, received->values[i]);
        }
    }
}

static inline int *sequential_bfs(int64_t n) {
    int *distance = malloc(n * sizeof(int));
    int64_t *queue = malloc(n * sizeof(int64_t));
    int64_t head = 0, tail = 0;
    for (int64_t v = 0; v < n; v++) distance[v] = -1;
    distance[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        int64_t u = queue[head++];
        for (int j = 0; j < DEGREE; j++) {
            int64_t v = neighbour(u, j, n);
            if (distance[v] < 0) {
                distance[v] = distance[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
    return distance;
}

#endif
