/*
 * The general exact cover API from C: every status code; memory that is NULL, misaligned or
 * one byte short; a rejected option leaves the problem as it was (its searches unchanged); two
 * searches give the same solutions; limits, a stopping visitor and time limits; N-queens
 * counts; a problem copied to other memory; pieces, the split and the estimate (past a double's
 * range too); cancel flags on the search and the cost searches; and 8 problems searched at
 * once on 8 threads with 256 KiB stacks.
 */
#define _POSIX_C_SOURCE 200112L
#include <pthread.h>
#include <stdint.h>
#include <math.h>
#include <time.h>

#include "check.h"

/* Memory for a problem, 16-aligned, with 64 bytes of canary after `size`. */
static unsigned char *make_memory(size_t size) {
    void *p = NULL;
    if (posix_memalign(&p, DLX_PROBLEM_ALIGN, size + 64) != 0) return NULL;
    memset(p, 0xA5, size + 64);
    return p;
}

static int tail_intact(const unsigned char *m, size_t size) {
    for (size_t i = size; i < size + 64; i++)
        if (m[i] != 0xA5) return 0;
    return 1;
}

/* N-queens with secondary diagonals in `memory`. */
static dlx_problem *queens(void *memory, size_t size, int n) {
    dlx_problem *p = dlx_problem_init(memory, size, 2 * n, 2 * (2 * n - 1), n * n, 4 * n * n);
    for (int r = 0; p && r < n; r++)
        for (int c = 0; c < n; c++) {
            int32_t items[4] = {r, n + c, 2 * n + r + c, 4 * n - 1 + r - c + n - 1};
            if (dlx_problem_add(p, items, 4) != r * n + c) return NULL;
        }
    return p;
}

static size_t queens_size(int n) { return dlx_problem_size(2 * n + 2 * (2 * n - 1), n * n, 4 * n * n); }

/* Visitor: appends each solution's options (with its length first) to a log. */
struct log {
    int32_t data[4096];
    int n, solutions, stop_after;
};

static int record(void *context, const int32_t *options, int32_t count) {
    struct log *l = context;
    if (l->n + count + 1 <= 4096) {
        l->data[l->n++] = count;
        for (int32_t k = 0; k < count; k++) l->data[l->n++] = options[k];
    }
    l->solutions++;
    return l->stop_after && l->solutions >= l->stop_after;
}

/* Visitor: sets the cancel flag in `context` at the first solution and goes on. */
static int cancel_at_first(void *context, const int32_t *options, int32_t count) {
    (void)options;
    (void)count;
    __atomic_store_n((int32_t *)context, 1, __ATOMIC_RELAXED);
    return 0;
}

/* Langford pairs of n: each of 1..n twice, k places apart, in 2n places; none for n = 13. */
static dlx_problem *langford(unsigned char **memory, int n) {
    size_t size = dlx_problem_size(3 * n, n * 2 * n, 3 * n * 2 * n);
    *memory = make_memory(size);
    dlx_problem *p = *memory ? dlx_problem_init(*memory, size, 3 * n, 0, n * 2 * n, 3 * n * 2 * n) : NULL;
    for (int k = 1; p && k <= n; k++)
        for (int i = 0; i + k + 1 < 2 * n; i++) {
            int32_t option[3] = {k - 1, n + i, n + i + k + 1};
            if (dlx_problem_add(p, option, 3) < 0) return NULL;
        }
    return p;
}

/* A repeat cover whose tree passes 2^1024 (as `dlx cover --estimate`'s test has it): `items`
   items, each covered 1 to m times (m: its options), `options` options of 5 random items; a
   random path decides every option in or out, doubling its weight each time. */
static dlx_problem *deep_repeat_cover(unsigned char **memory, int items, int options) {
    size_t size = dlx_problem_size(items, options, 5 * (int64_t)options);
    *memory = make_memory(size);
    dlx_problem *p = *memory ? dlx_problem_init(*memory, size, items, 0, options, 5 * (int64_t)options) : NULL;
    int32_t holders[256] = {0};
    uint64_t seed = 0x7265706561740001u;
    for (int o = 0; p && o < options; o++) {
        int32_t option[5];
        int n = 0;
        while (n < 5) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            int32_t item = (int32_t)((seed >> 33) % (uint64_t)items), fresh = 1;
            for (int k = 0; k < n; k++) fresh &= option[k] != item;
            if (fresh) option[n++] = item;
        }
        for (int k = 0; k < 5; k++) holders[option[k]]++;
        if (dlx_problem_add(p, option, 5) != o) return NULL;
    }
    for (int i = 0; p && i < items; i++)
        if (dlx_problem_bounds(p, i, 1, holders[i] > 1 ? holders[i] : 1) != DLX_OK) return NULL;
    return p;
}

struct cancel_job {
    dlx_problem *p;
    int32_t flag;
    int64_t code;
};

static void *search_until_cancelled(void *arg) {
    struct cancel_job *j = arg;
    j->code = dlx_problem_search_cancel(j->p, INT64_MAX, 0, &j->flag, NULL, NULL);
    return NULL;
}

/* The same for the cost searches: at most 100 options, then the least below INT64_MAX. */
static void *at_most_until_cancelled(void *arg) {
    struct cancel_job *j = arg;
    int32_t out[64];
    j->code = dlx_problem_at_most_cancel(j->p, 100, out, 64, 0, &j->flag);
    return NULL;
}

static void *minimum_until_cancelled(void *arg) {
    struct cancel_job *j = arg;
    int32_t out[64];
    j->code = dlx_problem_minimum_below_cancel(j->p, INT64_MAX, out, 64, 0, &j->flag);
    return NULL;
}

/* Runs `search` on Langford pairs of 13 (no solution: millions of nodes) on a thread and sets
   its flag after 20 ms; the call's status, and whether a second call with the flag still set
   stops before any node. */
static int64_t cancelled_from_another_thread(void *(*search)(void *), int *again_at_once) {
    unsigned char *lm = NULL;
    struct cancel_job job = {langford(&lm, 13), 0, 100};
    *again_at_once = 0;
    pthread_t thread;
    if (job.p && pthread_create(&thread, NULL, search, &job) == 0) {
        struct timespec pause = {0, 20 * 1000 * 1000};
        nanosleep(&pause, NULL);
        __atomic_store_n(&job.flag, 1, __ATOMIC_RELAXED);
        pthread_join(thread, NULL);
        int64_t first = job.code;
        search(&job);
        *again_at_once = job.code == DLX_CANCELLED && dlx_problem_nodes(job.p) == 0;
        job.code = first;
    }
    free(lm);
    return job.code;
}

struct job {
    int n;
    int64_t count, nodes;
};

static void *run_job(void *arg) {
    struct job *j = arg;
    size_t size = queens_size(j->n);
    unsigned char *m = make_memory(size);
    dlx_problem *p = m ? queens(m, size, j->n) : NULL;
    j->count = p ? dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) : -100;
    j->nodes = p ? dlx_problem_nodes(p) : -100;
    free(m);
    return NULL;
}

int main(int argc, char **argv) {
    if (take_data_dir(argc, argv, 0, "")) return 2;

    /* Sizes. */
    CHECK(dlx_problem_size(-1, 0, 0) == 0 && dlx_problem_size(0, -1, 0) == 0 && dlx_problem_size(0, 0, -1) == 0,
          "negative sizes give 0");
    CHECK(dlx_problem_size(INT32_MAX, INT32_MAX, 1) == 0, "beyond the limits gives 0");
    size_t size = queens_size(8);
    CHECK(size > 0 && size % 16 == 0, "size %zu", size);

    /* init: NULL, misaligned, one byte short, negative counts. */
    unsigned char *m = make_memory(size + 16);
    CHECK(dlx_problem_init(NULL, size, 16, 30, 64, 256) == NULL, "NULL memory");
    CHECK(dlx_problem_init(m + 8, size, 16, 30, 64, 256) == NULL, "misaligned memory");
    CHECK(dlx_problem_init(m, size - 1, 16, 30, 64, 256) == NULL, "one byte short");
    CHECK(dlx_problem_init(m, size, -1, 30, 64, 256) == NULL, "negative primary");
    CHECK(dlx_problem_init(m, size, 16, 30, 64, -1) == NULL, "negative entries");
    memset(m, 0xA5, size + 64);
    dlx_problem *p = queens(m, size, 8);
    CHECK(p == (dlx_problem *)m, "the problem is the memory");
    CHECK(tail_intact(m, size), "nothing written past dlx_problem_size bytes");

    /* Counts, determinism, limits, visitors. */
    static struct log a, b;
    CHECK(dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 92, "8 queens: 92");
    int64_t nodes = dlx_problem_nodes(p);
    CHECK(nodes > 92, "nodes %lld", (long long)nodes);
    CHECK(dlx_problem_search(p, INT64_MAX, 0, record, &a) == 92 && a.solutions == 92, "visited 92");
    CHECK(dlx_problem_search(p, INT64_MAX, 0, record, &b) == 92, "again");
    CHECK(a.n == b.n && memcmp(a.data, b.data, sizeof a.data) == 0, "two searches, the same solutions");
    CHECK(dlx_problem_nodes(p) == nodes, "and the same nodes");
    int ascending = 1;
    for (int k = 0; k < 8 * 9; k += 9)
        for (int q = 1; q < 8; q++) ascending &= a.data[k] == 8 && a.data[k + q] < a.data[k + q + 1];
    CHECK(ascending, "each solution's 8 options ascending");
    CHECK(dlx_problem_search(p, 5, 0, NULL, NULL) == 5, "limit 5");
    memset(&b, 0, sizeof b);
    b.stop_after = 3;
    CHECK(dlx_problem_search(p, INT64_MAX, 0, record, &b) == 3, "visitor stops at 3");
    CHECK(dlx_problem_search(p, 0, 0, NULL, NULL) == DLX_ERR_ARG, "limit 0");
    CHECK(dlx_problem_search(p, 1, -1, NULL, NULL) == DLX_ERR_ARG, "negative time");
    CHECK(dlx_problem_search(NULL, 1, 0, NULL, NULL) == DLX_ERR_NULL, "NULL problem");
    CHECK(dlx_problem_nodes(NULL) == DLX_ERR_NULL, "nodes of NULL");

    /* A cancel flag: NULL or 0 is the plain search; set, the search stops at its next look
       (within 64 nodes) with DLX_CANCELLED, whoever set it. */
    int32_t flag = 0;
    CHECK(dlx_problem_search_cancel(p, INT64_MAX, 0, NULL, NULL, NULL) == 92 && dlx_problem_nodes(p) == nodes,
          "no flag: the plain search");
    CHECK(dlx_problem_search_cancel(p, INT64_MAX, 0, &flag, NULL, NULL) == 92 && dlx_problem_nodes(p) == nodes,
          "a flag of 0: the plain search");
    CHECK(dlx_problem_search_cancel(p, 0, 0, &flag, NULL, NULL) == DLX_ERR_ARG, "cancel: limit 0");
    CHECK(dlx_problem_search_cancel(NULL, 1, 0, &flag, NULL, NULL) == DLX_ERR_NULL, "cancel: NULL problem");
    flag = 1;
    CHECK(dlx_problem_search_cancel(p, INT64_MAX, 0, &flag, NULL, NULL) == DLX_CANCELLED, "a flag set: cancelled");
    CHECK(dlx_problem_nodes(p) <= 64, "cancelled at the first look: %lld nodes", (long long)dlx_problem_nodes(p));
    flag = 0;
    memset(&b, 0, sizeof b);
    CHECK(dlx_problem_search_cancel(p, INT64_MAX, 0, &flag, cancel_at_first, &flag) == DLX_CANCELLED,
          "a flag set by the visitor: cancelled");
    CHECK(dlx_problem_nodes(p) < nodes, "before the end: %lld of %lld nodes", (long long)dlx_problem_nodes(p),
          (long long)nodes);
    CHECK(dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 92, "the problem is whole again");
    /* From another thread, inside a search with no solution at all (Langford pairs of 13:
       millions of nodes), where no visitor is ever called to stop it. */
    unsigned char *lm = NULL;
    struct cancel_job job = {langford(&lm, 13), 0, 0};
    CHECK(job.p != NULL, "Langford pairs of 13");
    if (job.p) {
        pthread_t thread;
        CHECK(pthread_create(&thread, NULL, search_until_cancelled, &job) == 0, "search thread");
        struct timespec pause = {0, 20 * 1000 * 1000};
        nanosleep(&pause, NULL);
        __atomic_store_n(&job.flag, 1, __ATOMIC_RELAXED);
        pthread_join(thread, NULL);
        CHECK(job.code == DLX_CANCELLED, "cancelled from another thread: %lld", (long long)job.code);
        CHECK(dlx_problem_search_cancel(job.p, INT64_MAX, 0, &job.flag, NULL, NULL) == DLX_CANCELLED &&
                  dlx_problem_nodes(job.p) <= 64,
              "the flag stays set until its owner clears it");
    }
    free(lm);

    /* Rejected options change nothing but the fault, which names the entry. */
    int32_t bad1[2] = {0, 0}, bad2[1] = {46}, bad3[1] = {20}, bad4[2] = {3, -1};
    int32_t entry = 7, first = 7;
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_NONE && entry == -1 && first == -1, "no fault yet");
    CHECK(dlx_problem_add(p, bad1, 2) == DLX_ERR_CAPACITY, "a repeat is checked once the option fits");
    CHECK(dlx_problem_fault(p, NULL, NULL) == DLX_FAULT_OPTIONS_FULL, "fault: options full");
    CHECK(dlx_problem_add(p, bad2, 1) == DLX_ERR_ARG, "an item out of range");
    CHECK(dlx_problem_fault(p, &entry, NULL) == DLX_FAULT_OUT_OF_RANGE && entry == 0, "fault: entry 0 out of range");
    CHECK(dlx_problem_add(p, bad3, 1) == DLX_ERR_ARG, "no primary item");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_NO_PRIMARY && entry == -1, "fault: no primary item");
    CHECK(dlx_problem_add(p, bad4, 2) == DLX_ERR_ARG, "a negative item");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_OUT_OF_RANGE && entry == 1 && first == -1,
          "fault: entry 1 out of range");
    CHECK(dlx_problem_add(p, bad1, 0) == DLX_ERR_ARG, "count 0");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_EMPTY, "fault: empty");
    CHECK(dlx_problem_add(p, bad1, -3) == DLX_ERR_ARG, "count -3");
    CHECK(dlx_problem_fault(p, NULL, NULL) == DLX_FAULT_EMPTY, "fault: empty, negative count");
    CHECK(dlx_problem_add(p, NULL, 1) == DLX_ERR_NULL, "NULL items");
    CHECK(dlx_problem_add(NULL, bad1, 1) == DLX_ERR_NULL, "NULL problem");
    CHECK(dlx_problem_fault(NULL, &entry, &first) == DLX_ERR_NULL, "fault of NULL");
    int32_t fine[1] = {0};
    CHECK(dlx_problem_add(p, fine, 1) == DLX_ERR_CAPACITY, "past the sized options");
    const int faults[] = {DLX_FAULT_NONE, DLX_FAULT_EMPTY, DLX_FAULT_OUT_OF_RANGE, DLX_FAULT_REPEATED,
                          DLX_FAULT_NO_PRIMARY, DLX_FAULT_OPTIONS_FULL, DLX_FAULT_ENTRIES_FULL};
    const char *unknown = dlx_fault_text(99);
    CHECK(unknown && *unknown && strcmp(unknown, dlx_fault_text(-1)) == 0, "unknown faults: one sentence");
    for (int i = 0; i < 7; i++) {
        CHECK(faults[i] == i, "fault codes 0..6 as documented");
        for (int j = 0; j < i; j++)
            CHECK(strcmp(dlx_fault_text(faults[i]), dlx_fault_text(faults[j])) != 0, "faults %d, %d: own sentences", i, j);
        CHECK(strcmp(dlx_fault_text(faults[i]), unknown) != 0, "fault %d: not the unknown sentence", i);
    }
    memset(&b, 0, sizeof b);
    CHECK(dlx_problem_search(p, INT64_MAX, 0, record, &b) == 92 && memcmp(a.data, b.data, sizeof a.data) == 0,
          "the same 92 solutions after the rejected options");

    /* Minimum: every cover has 8 options; capacity and NULL. */
    int32_t out[16];
    memset(out, 0x5A, sizeof out);
    CHECK(dlx_problem_minimum(p, out, 7, 0) == DLX_ERR_CAPACITY, "7 is too few");
    CHECK((unsigned char)((unsigned char *)out)[0] == 0x5A, "nothing written");
    CHECK(dlx_problem_minimum(p, NULL, 8, 0) == DLX_ERR_NULL, "NULL out");
    CHECK(dlx_problem_minimum(p, out, -1, 0) == DLX_ERR_ARG, "negative capacity");
    CHECK(dlx_problem_minimum(p, out, 16, 0) == 8 && memcmp(out, a.data + 1, 8 * sizeof *out) == 0,
          "the first cover, as the search finds it");

    /* A copy of the memory is the same problem. */
    unsigned char *copy = make_memory(size);
    memcpy(copy, m, size);
    CHECK(dlx_problem_search((dlx_problem *)copy, INT64_MAX, 0, NULL, NULL) == 92, "the copy counts 92");
    free(copy);

    /* Pieces: a split into at least 10, each piece counted alone on its own copy of the memory,
     * every solution in exactly one piece; the same pieces again; every status. */
    static int32_t pieces[4096], again[4096];
    int64_t used = -1, used_again = -1, total = 0, before = dlx_problem_nodes(p);
    int64_t count = dlx_problem_split(p, 10, pieces, 4096, &used, 0);
    CHECK(count >= 10 && used > count && used <= 4096, "split: %lld pieces in %lld ints", (long long)count,
          (long long)used);
    int seen[92] = {0};
    copy = make_memory(size);
    for (int64_t at = 0; count > 0 && at < used; at += 1 + pieces[at]) {
        memcpy(copy, m, size);
        CHECK(dlx_problem_piece((dlx_problem *)copy, pieces + at + 1, pieces[at]) == DLX_OK, "piece at %lld",
              (long long)at);
        memset(&b, 0, sizeof b);
        total += dlx_problem_search((dlx_problem *)copy, INT64_MAX, 0, record, &b);
        for (int k = 0; k < b.n; k += 9)
            for (int s = 0; s < 92; s++) seen[s] += memcmp(b.data + k, a.data + 9 * s, 9 * sizeof *b.data) == 0;
    }
    free(copy);
    int once = 1;
    for (int s = 0; s < 92; s++) once &= seen[s] == 1;
    CHECK(total == 92 && once, "the pieces' counts add up (%lld), each solution in one piece", (long long)total);
    CHECK(dlx_problem_split(p, 10, again, 4096, &used_again, 0) == count && used_again == used &&
              memcmp(pieces, again, (size_t)used * sizeof *pieces) == 0,
          "the same pieces again");
    CHECK(dlx_problem_nodes(p) == before, "the split leaves the node count alone");
    int64_t work = -1;
    CHECK(dlx_problem_split_work(p, 10, again, 4096, &used_again, &work, 0) == count && used_again == used &&
              memcmp(pieces, again, (size_t)used * sizeof *pieces) == 0 && work > 0,
          "split_work: the same pieces, and its work (%lld)", (long long)work);
    work = -1;
    used_again = -7;
    CHECK(dlx_problem_split_work(p, 10, again, 4096, &used_again, NULL, 0) == count && used_again == used,
          "split_work, NULL work: the split alone");
    used_again = -7;
    CHECK(dlx_problem_split_work(p, 10, again, 12, &used_again, &work, 0) == DLX_ERR_CAPACITY && work == -1 &&
              used_again == -7,
          "split_work, no room: work and used untouched");
    CHECK(dlx_problem_split_work(NULL, 10, again, 4096, &used_again, &work, 0) == DLX_ERR_NULL, "split_work of NULL");
    used = -7;
    CHECK(dlx_problem_split(NULL, 10, pieces, 4096, &used, 0) == DLX_ERR_NULL, "split of NULL");
    CHECK(dlx_problem_split(p, 10, NULL, 4096, &used, 0) == DLX_ERR_NULL, "split into NULL");
    CHECK(dlx_problem_split(p, 10, pieces, 4096, NULL, 0) == DLX_ERR_NULL, "split, NULL used");
    CHECK(dlx_problem_split(p, 0, pieces, 4096, &used, 0) == DLX_ERR_ARG, "0 pieces");
    CHECK(dlx_problem_split(p, 10, pieces, -1, &used, 0) == DLX_ERR_ARG, "negative room");
    CHECK(dlx_problem_split(p, 10, pieces, 4096, &used, -1) == DLX_ERR_ARG, "negative time");
    CHECK(dlx_problem_split(p, 10, pieces, 12, &used, 0) == DLX_ERR_CAPACITY && used == -7, "no room, used untouched");
    /* Queens (0,0) and (1,1), options 0 and 9, share a diagonal: no solution, not an error. */
    int32_t clash[2] = {0, 9}, beyond[1] = {64}, below_range[1] = {-65}, repeated[2] = {3, -4}, no_corner[1] = {-1};
    CHECK(dlx_problem_piece(p, clash, 2) == DLX_OK && dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 0 &&
              dlx_problem_minimum(p, out, 16, 0) == DLX_UNSOLVABLE,
          "a contradictory piece has no solution");
    CHECK(dlx_problem_piece(p, beyond, 1) == DLX_ERR_ARG && dlx_problem_piece(p, below_range, 1) == DLX_ERR_ARG &&
              dlx_problem_piece(p, repeated, 2) == DLX_ERR_ARG && dlx_problem_piece(p, clash, -1) == DLX_ERR_ARG &&
              dlx_problem_piece(p, NULL, 1) == DLX_ERR_NULL && dlx_problem_piece(NULL, clash, 2) == DLX_ERR_NULL,
          "bad pieces");
    CHECK(dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 0, "and the piece set stays");
    CHECK(dlx_problem_piece(p, no_corner, 1) == DLX_OK && dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 88,
          "without a queen in the corner: 92 - 4");
    CHECK(dlx_problem_piece(p, NULL, 0) == DLX_OK && dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 92,
          "cleared: the whole problem");
    /* minimum_below: every cover has 8 options. */
    CHECK(dlx_problem_minimum_below(p, 9, out, 16, 0) == 8 && dlx_problem_minimum_below(p, 8, out, 16, 0) ==
              DLX_UNSOLVABLE && dlx_problem_minimum_below(p, 0, out, 16, 0) == DLX_UNSOLVABLE,
          "below 9, not below 8");
    /* The cost searches with a cancel flag: NULL or 0 is the plain call; set before the call,
       DLX_CANCELLED before any node, nothing written. */
    int32_t guard[17], plain[16];
    int32_t cost_flag = 0;
    int got = dlx_problem_at_most(p, 8, plain, 16, 0);
    int64_t at_most_nodes = dlx_problem_nodes(p);
    CHECK(got == 8 && dlx_problem_at_most_cancel(p, 8, out, 16, 0, NULL) == 8 &&
              dlx_problem_nodes(p) == at_most_nodes && memcmp(out, plain, 8 * sizeof *plain) == 0 &&
              dlx_problem_at_most_cancel(p, 8, out, 16, 0, &cost_flag) == 8 && dlx_problem_nodes(p) == at_most_nodes &&
              memcmp(out, plain, 8 * sizeof *plain) == 0 && dlx_problem_cost(p) == 8,
          "at_most_cancel without a flag set: at_most");
    CHECK(dlx_problem_at_most_cancel(p, 7, out, 16, 0, &cost_flag) == DLX_UNSOLVABLE &&
              dlx_problem_minimum_below_cancel(p, 9, out, 16, 0, NULL) == 8 &&
              dlx_problem_minimum_below_cancel(p, 9, out, 16, 0, &cost_flag) == 8 &&
              dlx_problem_minimum_below_cancel(p, 8, out, 16, 0, &cost_flag) == DLX_UNSOLVABLE,
          "minimum_below_cancel without a flag set: minimum_below");
    cost_flag = 1;
    for (int k = 0; k < 17; k++) guard[k] = -7;
    CHECK(dlx_problem_at_most_cancel(p, 8, guard, 16, 0, &cost_flag) == DLX_CANCELLED && dlx_problem_nodes(p) == 0,
          "at_most with the flag set at the call: cancelled before any node");
    CHECK(dlx_problem_minimum_below_cancel(p, INT64_MAX, guard, 16, 0, &cost_flag) == DLX_CANCELLED &&
              dlx_problem_nodes(p) == 0,
          "minimum_below with the flag set at the call: cancelled before any node");
    int guard_intact = 1;
    for (int k = 0; k < 17; k++) guard_intact &= guard[k] == -7;
    CHECK(guard_intact && dlx_problem_cost(p) == 8, "cancelled: nothing written, the cost as it was");
    CHECK(dlx_problem_at_most_cancel(NULL, 8, out, 16, 0, &cost_flag) == DLX_ERR_NULL &&
              dlx_problem_at_most_cancel(p, 8, NULL, 16, 0, &cost_flag) == DLX_ERR_NULL &&
              dlx_problem_minimum_below_cancel(p, 9, out, -1, 0, &cost_flag) == DLX_ERR_ARG &&
              dlx_problem_minimum_below_cancel(p, 9, out, 16, -1, &cost_flag) == DLX_ERR_ARG &&
              dlx_problem_minimum_below_cancel(p, 0, out, 16, 0, &cost_flag) == DLX_UNSOLVABLE,
          "cancel calls: argument checks before the flag");
    cost_flag = 0;
    CHECK(dlx_problem_minimum_below_cancel(p, 9, out, 16, 0, &cost_flag) == 8, "the flag cleared: searched again");
    /* From another thread, inside a search without solutions (Langford pairs of 13). */
    int at_once = 0;
    int64_t code = cancelled_from_another_thread(at_most_until_cancelled, &at_once);
    CHECK(code == DLX_CANCELLED && at_once, "at_most cancelled from another thread: %lld", (long long)code);
    code = cancelled_from_another_thread(minimum_until_cancelled, &at_once);
    CHECK(code == DLX_CANCELLED && at_once, "minimum_below cancelled from another thread: %lld", (long long)code);
    /* The estimate: the same for the same seed, within 2x of the nodes with 4000 paths. */
    double estimate = -1, estimate_again = -2;
    CHECK(dlx_problem_estimate(p, 4000, 7, &estimate, 0) == DLX_OK &&
              dlx_problem_estimate(p, 4000, 7, &estimate_again, 0) == DLX_OK && estimate == estimate_again &&
              estimate > nodes / 2.0 && estimate < nodes * 2.0,
          "estimate %f for %lld nodes", estimate, (long long)nodes);
    CHECK(dlx_problem_estimate(p, 0, 7, &estimate, 0) == DLX_ERR_ARG && dlx_problem_estimate(p, 1, 7, NULL, 0) ==
              DLX_ERR_NULL && dlx_problem_estimate(NULL, 1, 7, &estimate, 0) == DLX_ERR_NULL && estimate == estimate_again,
          "estimate statuses, nothing written");
    /* Two billion paths take minutes: a millisecond's limit ends the estimate, nothing written. */
    CHECK(dlx_problem_estimate(p, 2000000000, 7, &estimate, 1) == DLX_TIMEOUT &&
              dlx_problem_estimate(p, 1, 7, &estimate, -1) == DLX_ERR_ARG && estimate == estimate_again,
          "an estimate out of time; a negative time");
    /* The estimate's exact size: the same value, in mantissa and binary exponent. */
    double mantissa = -1, scaled;
    int64_t exponent = -1;
    CHECK(dlx_problem_estimate_size(p, 4000, 7, &mantissa, &exponent, 0) == DLX_OK && mantissa >= 1 && mantissa < 2 &&
              exponent > 0 && exponent < 64,
          "estimate size %f * 2^%lld", mantissa, (long long)exponent);
    scaled = mantissa;
    for (int64_t e = 0; e < exponent; e++) scaled *= 2;
    CHECK(scaled == estimate, "the size is the estimate: %f, %f", scaled, estimate);
    double m_kept = mantissa;
    int64_t e_kept = exponent;
    CHECK(dlx_problem_estimate_size(p, 0, 7, &mantissa, &exponent, 0) == DLX_ERR_ARG &&
              dlx_problem_estimate_size(p, 1, 7, NULL, &exponent, 0) == DLX_ERR_NULL &&
              dlx_problem_estimate_size(p, 1, 7, &mantissa, NULL, 0) == DLX_ERR_NULL &&
              dlx_problem_estimate_size(NULL, 1, 7, &mantissa, &exponent, 0) == DLX_ERR_NULL &&
              dlx_problem_estimate_size((dlx_problem *)(m + 16), 1, 7, NULL, NULL, 0) == DLX_ERR_ARG &&
              dlx_problem_estimate_size(p, 1, 7, &mantissa, &exponent, -1) == DLX_ERR_ARG &&
              dlx_problem_estimate_size(p, 2000000000, 7, &mantissa, &exponent, 1) == DLX_TIMEOUT &&
              mantissa == m_kept && exponent == e_kept,
          "estimate size statuses, nothing written");
    int32_t contradiction[2] = {0, 9};
    CHECK(dlx_problem_piece(p, contradiction, 2) == DLX_OK &&
              dlx_problem_estimate_size(p, 100, 7, &mantissa, &exponent, 0) == DLX_OK && mantissa == 0 && exponent == 0 &&
              dlx_problem_piece(p, NULL, 0) == DLX_OK,
          "a piece that contradicts itself: size 0 as 0 * 2^0");
    CHECK(tail_intact(m, size), "nothing written past the problem");
    CHECK(dlx_problem_search((dlx_problem *)(m + 16), 1, 0, NULL, NULL) == DLX_ERR_ARG, "not a problem");
    free(m);

    /* Past a double's range: dlx_problem_estimate says HUGE_VAL, the size says how far. */
    unsigned char *dm = NULL;
    dlx_problem *deep = deep_repeat_cover(&dm, 60, 1200);
    CHECK(deep != NULL, "a deep repeat cover");
    if (deep) {
        double huge = 0;
        CHECK(dlx_problem_estimate(deep, 16, 1, &huge, 0) == DLX_OK && huge == HUGE_VAL, "the double: %g", huge);
        CHECK(dlx_problem_estimate_size(deep, 16, 1, &mantissa, &exponent, 0) == DLX_OK && mantissa >= 1 &&
                  mantissa < 2 && exponent > 1024 && exponent < 1400,
              "past 2^1024: %f * 2^%lld", mantissa, (long long)exponent);
        double m_again = -1;
        int64_t e_again = -1;
        CHECK(dlx_problem_estimate_size(deep, 16, 1, &m_again, &e_again, 0) == DLX_OK && m_again == mantissa &&
                  e_again == exponent,
              "the same seed, the same size");
    }
    free(dm);

    /* Unsolvable minimum, and a time limit that ends a long search soon, problem intact. */
    size = queens_size(3);
    m = make_memory(size);
    p = queens(m, size, 3);
    CHECK(dlx_problem_minimum(p, out, 16, 0) == DLX_UNSOLVABLE, "3 queens: no cover");
    free(m);
    size = queens_size(16);
    m = make_memory(size);
    p = queens(m, size, 16);
    double t0 = (double)clock() / CLOCKS_PER_SEC;
    CHECK(dlx_problem_search(p, INT64_MAX, 20, NULL, NULL) == DLX_TIMEOUT, "16 queens in 20 ms: timeout");
    double spent = (double)clock() / CLOCKS_PER_SEC - t0;
    CHECK(spent < 1.0, "ended after %.3f s", spent);
    CHECK(dlx_problem_search(p, 1000, 0, NULL, NULL) == 1000, "searched again after the timeout");
    free(m);

    /* Repeats, with room for the option: found while linking, and undone. */
    size = dlx_problem_size(3, 2, 6);
    m = make_memory(size);
    p = dlx_problem_init(m, size, 3, 0, 2, 6);
    int32_t repeat[3] = {2, 1, 2}, all[3] = {2, 1, 0};
    CHECK(dlx_problem_add(p, repeat, 3) == DLX_ERR_ARG, "a repeated item");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_REPEATED && entry == 2 && first == 0,
          "fault: entry 2 repeats entry 0");
    CHECK(dlx_problem_add(p, all, 3) == 0 && dlx_problem_add(p, all, 3) == 1, "then two options fit");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_NONE, "a success clears the fault");
    CHECK(dlx_problem_search(p, 5, 0, NULL, NULL) == 2, "each a cover");
    CHECK(tail_intact(m, size), "within its size");
    free(m);

    /* A problem with no primary items has one empty solution. */
    size = dlx_problem_size(2, 0, 0);
    m = make_memory(size);
    p = dlx_problem_init(m, size, 0, 2, 0, 0);
    CHECK(dlx_problem_search(p, 5, 0, NULL, NULL) == 1 && dlx_problem_minimum(p, NULL, 0, 0) == 0, "empty cover");
    free(m);

    /* 8 problems on 8 threads with 256 KiB stacks. */
    pthread_t threads[8];
    struct job jobs[8];
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    CHECK(pthread_attr_setstacksize(&attr, 256 * 1024) == 0, "256 KiB stacks");
    for (int t = 0; t < 8; t++) {
        jobs[t].n = 5 + t;
        CHECK(pthread_create(&threads[t], &attr, run_job, &jobs[t]) == 0, "thread %d", t);
    }
    const int64_t known[8] = {10, 4, 40, 92, 352, 724, 2680, 14200};
    for (int t = 0; t < 8; t++) {
        pthread_join(threads[t], NULL);
        struct job alone = {jobs[t].n, 0, 0};
        run_job(&alone);
        CHECK(jobs[t].count == known[t] && jobs[t].nodes == alone.nodes, "%d queens on a thread: %lld", jobs[t].n,
              (long long)jobs[t].count);
    }
    pthread_attr_destroy(&attr);
    return report("problem");
}
