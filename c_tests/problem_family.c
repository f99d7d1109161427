/*
 * Colors, bounds and costs of the general exact cover from C: faults 7-9 with the entry
 * dlx_problem_fault names, every error of dlx_problem_add_option, dlx_problem_bounds,
 * dlx_problem_at_most and dlx_problem_cost, an output buffer untouched on error; then random
 * small problems (colored, repeat covers, and everything mixed) against a brute force over
 * every set of options: the solutions dlx_problem_search visits, the least cost
 * dlx_problem_minimum finds, and dlx_problem_at_most just below and at that cost; and mixed
 * problems searched on 4 threads at once, as alone.
 */
#define _POSIX_C_SOURCE 200112L
#include <pthread.h>
#include <stdint.h>

#include "check.h"

/* ---- small random problems and their brute force -------------------------------------- */

#define MAX_PRIMARY 4
#define MAX_SECONDARY 3
#define MAX_OPTIONS 9

struct small {
    int primary, secondary, options;
    int lo[MAX_PRIMARY], hi[MAX_PRIMARY];
    int count[MAX_OPTIONS], cost[MAX_OPTIONS];
    int32_t item[MAX_OPTIONS][MAX_PRIMARY + MAX_SECONDARY], color[MAX_OPTIONS][MAX_PRIMARY + MAX_SECONDARY];
};

static uint64_t state = 0x66616d696c790001u;

static int pick(int n) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (int)(state % (uint64_t)n);
}

enum mode { COLORS, REPEAT, MIXED };

/* A random problem: each option names at least one primary item; colors on secondary items
 * (COLORS, MIXED), bounds on primary ones (REPEAT: 1 to options; MIXED: any) and costs (MIXED). */
static void random_small(struct small *s, enum mode mode) {
    s->primary = 1 + pick(MAX_PRIMARY);
    s->secondary = mode == REPEAT ? 0 : pick(MAX_SECONDARY + 1);
    s->options = 1 + pick(MAX_OPTIONS);
    for (int o = 0; o < s->options; o++) {
        int n = 0;
        for (int i = 0; i < s->primary + s->secondary; i++) {
            if (pick(2) == 0 && !(i == s->primary - 1 && n == 0)) continue;
            s->item[o][n] = i;
            s->color[o][n++] = i >= s->primary && pick(3) > 0 ? 1 + pick(2) : 0;
        }
        /* Entries in a random order. */
        for (int k = n - 1; k > 0; k--) {
            int j = pick(k + 1);
            int32_t t = s->item[o][k], c = s->color[o][k];
            s->item[o][k] = s->item[o][j], s->color[o][k] = s->color[o][j];
            s->item[o][j] = t, s->color[o][j] = c;
        }
        s->count[o] = n;
        s->cost[o] = mode == MIXED ? pick(4) : 1;
    }
    for (int i = 0; i < s->primary; i++) {
        s->lo[i] = mode == MIXED ? pick(3) : 1;
        s->hi[i] = mode == REPEAT ? s->options : mode == MIXED ? s->lo[i] + pick(3) : 1;
        if (s->hi[i] < 1) s->hi[i] = 1;
    }
}

/* Whether the options of `set` (bit o for option o) meet every bound and agree on colors. */
static int is_solution(const struct small *s, unsigned set) {
    int times[MAX_PRIMARY] = {0}, color[MAX_SECONDARY] = {0}, named[MAX_SECONDARY] = {0}, plain[MAX_SECONDARY] = {0};
    for (int o = 0; o < s->options; o++) {
        if (!(set >> o & 1)) continue;
        for (int k = 0; k < s->count[o]; k++) {
            int i = s->item[o][k], c = s->color[o][k];
            if (i < s->primary) {
                times[i]++;
                continue;
            }
            i -= s->primary;
            named[i]++;
            if (c == 0) plain[i] = 1;
            else if (color[i] && color[i] != c) return 0;
            else color[i] = c;
        }
    }
    for (int i = 0; i < s->primary; i++)
        if (times[i] < s->lo[i] || times[i] > s->hi[i]) return 0;
    for (int i = 0; i < s->secondary; i++)
        if (plain[i] && named[i] > 1) return 0;
    return 1;
}

static int set_cost(const struct small *s, unsigned set) {
    int total = 0;
    for (int o = 0; o < s->options; o++) total += (set >> o & 1) ? s->cost[o] : 0;
    return total;
}

static _Alignas(DLX_PROBLEM_ALIGN) unsigned char shared_memory[1 << 14];

/* Lays `s` out in `memory` (at least 1 << 14 bytes, aligned). */
static dlx_problem *build(const struct small *s, void *memory) {
    size_t size = dlx_problem_size(s->primary + s->secondary, s->options, MAX_OPTIONS * 7);
    if (size == 0 || size > sizeof shared_memory) return NULL;
    dlx_problem *p = dlx_problem_init(memory, size, s->primary, s->secondary, s->options, MAX_OPTIONS * 7);
    for (int o = 0; p && o < s->options; o++)
        if (dlx_problem_add_option(p, s->item[o], s->color[o], s->count[o], s->cost[o]) != o) return NULL;
    for (int i = 0; p && i < s->primary; i++)
        if (dlx_problem_bounds(p, i, s->lo[i], s->hi[i]) != DLX_OK) return NULL;
    return p;
}

/* Visitor: every solution the search gives, as a set. */
struct seen {
    const struct small *s;
    unsigned sets[1 << MAX_OPTIONS];
    int n, valid;
};

static int collect(void *context, const int32_t *options, int32_t count) {
    struct seen *v = context;
    unsigned set = 0;
    for (int32_t k = 0; k < count; k++) {
        v->valid &= options[k] >= 0 && options[k] < v->s->options && (k == 0 || options[k - 1] < options[k]);
        set |= 1u << (options[k] & 31);
    }
    v->valid &= is_solution(v->s, set);
    if (v->n < (1 << MAX_OPTIONS)) v->sets[v->n++] = set;
    return 0;
}

/* One problem against the brute force; returns whether it has a solution. */
static int check_small(const struct small *s, const char *what, int round) {
    int solutions = 0, least = -1;
    for (unsigned set = 0; set < 1u << s->options; set++)
        if (is_solution(s, set)) {
            solutions++;
            if (least < 0 || set_cost(s, set) < least) least = set_cost(s, set);
        }
    dlx_problem *p = build(s, shared_memory);
    CHECK(p != NULL, "%s %d: built", what, round);
    if (!p) return 0;
    static struct seen v;
    v.s = s, v.n = 0, v.valid = 1;
    int64_t found = dlx_problem_search(p, INT64_MAX, 0, collect, &v);
    int distinct = 1;
    for (int a = 0; a < v.n; a++)
        for (int b = 0; b < a; b++) distinct &= v.sets[a] != v.sets[b];
    CHECK(found == solutions && v.n == solutions && v.valid && distinct, "%s %d: %lld solutions, brute force %d", what,
          round, (long long)found, solutions);
    int32_t out[MAX_OPTIONS];
    int32_t n = dlx_problem_minimum(p, out, MAX_OPTIONS, 0);
    if (least < 0) {
        CHECK(n == DLX_UNSOLVABLE, "%s %d: no solution, minimum %d", what, round, n);
        CHECK(dlx_problem_at_most(p, 1000, out, MAX_OPTIONS, 0) == DLX_UNSOLVABLE, "%s %d: none at most", what, round);
        return 0;
    }
    unsigned set = 0;
    for (int32_t k = 0; k < n; k++) set |= 1u << out[k];
    CHECK(n >= 0 && is_solution(s, set) && set_cost(s, set) == least && dlx_problem_cost(p) == least,
          "%s %d: minimum cost %lld, brute force %d", what, round, (long long)dlx_problem_cost(p), least);
    CHECK(dlx_problem_at_most(p, least - 1, out, MAX_OPTIONS, 0) == DLX_UNSOLVABLE, "%s %d: nothing below %d", what,
          round, least);
    n = dlx_problem_at_most(p, least, out, MAX_OPTIONS, 0);
    set = 0;
    for (int32_t k = 0; k < n; k++) set |= 1u << out[k];
    CHECK(n >= 0 && is_solution(s, set) && set_cost(s, set) == least && dlx_problem_cost(p) == least,
          "%s %d: at most %d", what, round, least);
    n = dlx_problem_at_most(p, least + 5, out, MAX_OPTIONS, 0);
    set = 0;
    for (int32_t k = 0; k < n; k++) set |= 1u << out[k];
    CHECK(n >= 0 && is_solution(s, set) && dlx_problem_cost(p) == set_cost(s, set) && set_cost(s, set) <= least + 5,
          "%s %d: at most %d", what, round, least + 5);
    return 1;
}

/* ---- threads -------------------------------------------------------------------------- */

struct job {
    struct small s;
    int64_t count, cost;
};

static void *run_job(void *arg) {
    struct job *j = arg;
    void *memory = NULL;
    if (posix_memalign(&memory, DLX_PROBLEM_ALIGN, sizeof shared_memory) != 0) return NULL;
    dlx_problem *p = build(&j->s, memory);
    int32_t out[MAX_OPTIONS];
    j->count = p ? dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) : -100;
    j->cost = p && dlx_problem_minimum(p, out, MAX_OPTIONS, 0) >= 0 ? dlx_problem_cost(p) : -100;
    free(memory);
    return NULL;
}

int main(int argc, char **argv) {
    if (take_data_dir(argc, argv, 0, "")) return 2;

    /* Items 0, 1 primary; 2, 3 secondary. */
    size_t size = dlx_problem_size(4, 4, 16);
    void *m = NULL;
    CHECK(size > 0 && posix_memalign(&m, DLX_PROBLEM_ALIGN, size) == 0, "memory");
    dlx_problem *p = dlx_problem_init(m, size, 2, 2, 4, 16);
    CHECK(p != NULL, "init");
    int32_t entry = 9, first = 9;

    /* The three new faults, each with its place. */
    int32_t items[3] = {2, 0, 3}, on_primary[3] = {1, 2, 0}, negative[3] = {1, 0, -4}, fine[3] = {1, 0, 2};
    CHECK(dlx_problem_add_option(p, items, on_primary, 3, 1) == DLX_ERR_ARG, "a color on a primary item");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_COLOR_ON_PRIMARY && entry == 1 && first == -1,
          "fault 7 at entry %d", entry);
    CHECK(dlx_problem_add_option(p, items, negative, 3, 1) == DLX_ERR_ARG, "a negative color");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_NEGATIVE_COLOR && entry == 2 && first == -1,
          "fault 8 at entry %d", entry);
    CHECK(dlx_problem_add_option(p, items, fine, 3, -1) == DLX_ERR_ARG, "a negative cost");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_NEGATIVE_COST && entry == -1 && first == -1,
          "fault 9, no entry: %d", entry);
    CHECK(DLX_FAULT_COLOR_ON_PRIMARY == 7 && DLX_FAULT_NEGATIVE_COLOR == 8 && DLX_FAULT_NEGATIVE_COST == 9,
          "codes 7-9 as documented");
    for (int f = 7; f <= 9; f++) {
        CHECK(strcmp(dlx_fault_text(f), dlx_fault_text(99)) != 0, "fault %d has its own sentence", f);
        for (int g = 0; g < f; g++)
            CHECK(strcmp(dlx_fault_text(f), dlx_fault_text(g)) != 0, "faults %d and %d: different sentences", f, g);
    }
    CHECK(dlx_problem_add_option(NULL, items, fine, 3, 1) == DLX_ERR_NULL, "NULL problem");
    CHECK(dlx_problem_add_option(p, NULL, fine, 3, 1) == DLX_ERR_NULL, "NULL items");
    CHECK(dlx_problem_add_option(p, items, fine, 0, 1) == DLX_ERR_ARG, "count 0");
    CHECK(dlx_problem_fault(p, NULL, NULL) == DLX_FAULT_EMPTY, "fault: empty");
    int32_t only_secondary[1] = {3};
    CHECK(dlx_problem_add_option(p, only_secondary, fine, 1, 1) == DLX_ERR_ARG, "secondary only");
    CHECK(dlx_problem_fault(p, NULL, NULL) == DLX_FAULT_NO_PRIMARY, "fault: no primary item");
    CHECK(dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 0, "no option was added");

    /* Options: 0 = {2:1, 0, 3:2} cost 1, 1 = {1, 2:1} cost 2, 2 = {1, 2:2} cost 0, 3 = {0, 1} cost 5. */
    int32_t colors0[3] = {1, 0, 2}, o1[2] = {1, 2}, c1[2] = {0, 1}, c2[2] = {0, 2}, o3[2] = {0, 1};
    CHECK(dlx_problem_add_option(p, items, colors0, 3, 1) == 0, "option 0");
    CHECK(dlx_problem_fault(p, &entry, &first) == DLX_FAULT_NONE && entry == -1, "a success clears the fault");
    CHECK(dlx_problem_add_option(p, o1, c1, 2, 2) == 1 && dlx_problem_add_option(p, o1, c2, 2, 0) == 2, "options 1, 2");
    CHECK(dlx_problem_add_option(p, o3, NULL, 2, 5) == 3, "option 3, colors NULL");
    CHECK(dlx_problem_add_option(p, o3, NULL, 2, 5) == DLX_ERR_CAPACITY, "past the sized options");
    CHECK(dlx_problem_fault(p, NULL, NULL) == DLX_FAULT_OPTIONS_FULL, "fault: options full");
    /* {0, 1} agrees on item 2's color 1; {0, 2} does not; {3} alone. */
    CHECK(dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 2, "two colored solutions");

    /* Costs. */
    int32_t out[8];
    CHECK(dlx_problem_cost(p) == 0, "cost 0 before any minimum");
    CHECK(dlx_problem_cost(NULL) == DLX_ERR_NULL, "cost of NULL");
    CHECK(dlx_problem_minimum(p, out, 8, 0) == 2 && out[0] == 0 && out[1] == 1 && dlx_problem_cost(p) == 3,
          "least: options 0 and 1, cost 3");
    memset(out, 0x5A, sizeof out);
    CHECK(dlx_problem_at_most(p, 2, out, 8, 0) == DLX_UNSOLVABLE, "nothing costs 2");
    CHECK(dlx_problem_cost(p) == 3, "an unsolvable call keeps the last cost");
    CHECK(dlx_problem_at_most(p, -1, out, 8, 0) == DLX_UNSOLVABLE, "a negative limit");
    CHECK(((unsigned char *)out)[0] == 0x5A, "nothing written when unsolvable");
    CHECK(dlx_problem_at_most(p, 1, out, 0, 0) == DLX_UNSOLVABLE, "unsolvable before capacity matters");
    CHECK(dlx_problem_at_most(p, 3, out, 1, 0) == DLX_ERR_CAPACITY, "one place for two options");
    CHECK(((unsigned char *)out)[0] == 0x5A, "nothing written on DLX_ERR_CAPACITY");
    CHECK(dlx_problem_at_most(p, 3, NULL, 2, 0) == DLX_ERR_NULL, "NULL options, capacity 2");
    CHECK(dlx_problem_at_most(NULL, 3, out, 8, 0) == DLX_ERR_NULL, "NULL problem");
    CHECK(dlx_problem_at_most(p, 3, out, -1, 0) == DLX_ERR_ARG, "negative capacity");
    CHECK(dlx_problem_at_most(p, 3, out, 8, -1) == DLX_ERR_ARG, "negative time");
    CHECK(((unsigned char *)out)[0] == 0x5A, "nothing written on any error");
    int32_t n = dlx_problem_at_most(p, 5, out, 8, 0);
    CHECK((n == 2 && dlx_problem_cost(p) == 3) || (n == 1 && out[0] == 3 && dlx_problem_cost(p) == 5), "cost 5 will do");
    CHECK(dlx_problem_at_most(p, 100, out, 8, 1000) >= 1, "with a time limit");

    /* Bounds. */
    CHECK(dlx_problem_bounds(NULL, 0, 1, 1) == DLX_ERR_NULL, "bounds of NULL");
    CHECK(dlx_problem_bounds(p, 2, 1, 1) == DLX_ERR_ARG, "a secondary item");
    CHECK(dlx_problem_bounds(p, 4, 1, 1) == DLX_ERR_ARG && dlx_problem_bounds(p, -1, 1, 1) == DLX_ERR_ARG,
          "items out of range");
    CHECK(dlx_problem_bounds(p, 0, -1, 1) == DLX_ERR_ARG, "lo below 0");
    CHECK(dlx_problem_bounds(p, 0, 2, 1) == DLX_ERR_ARG, "lo above hi");
    CHECK(dlx_problem_bounds(p, 0, 0, 0) == DLX_ERR_ARG, "hi below 1");
    CHECK(dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 2, "rejected bounds change nothing");
    CHECK(dlx_problem_bounds(p, 1, 0, 2) == DLX_OK, "item 1: 0 to 2 times");
    /* Now {0}, {0, 1}, {3} and {3, 1}, {3, 2} ({3, 1, 2} clashes on item 2's color). */
    CHECK(dlx_problem_search(p, INT64_MAX, 0, NULL, NULL) == 5, "five solutions with item 1 optional");
    CHECK(dlx_problem_minimum(p, out, 8, 0) == 1 && out[0] == 0 && dlx_problem_cost(p) == 1, "least: option 0");
    CHECK(dlx_problem_search((dlx_problem *)((unsigned char *)m + 16), 1, 0, NULL, NULL) == DLX_ERR_ARG &&
              dlx_problem_bounds((dlx_problem *)((unsigned char *)m + 16), 0, 1, 1) == DLX_ERR_ARG &&
              dlx_problem_cost((dlx_problem *)((unsigned char *)m + 16)) == DLX_ERR_ARG,
          "not a problem");
    free(m);

    /* Random small problems against brute force. */
    const char *names[3] = {"colors", "repeat cover", "mixed"};
    for (int mode = COLORS; mode <= MIXED; mode++) {
        int solvable = 0;
        for (int round = 0; round < 400; round++) {
            struct small s;
            random_small(&s, (enum mode)mode);
            solvable += check_small(&s, names[mode], round);
        }
        CHECK(solvable > 40 && solvable < 400, "%s: %d of 400 solvable", names[mode], solvable);
        printf("%s: %d of 400 solvable\n", names[mode], solvable);
    }

    /* Mixed problems on 4 threads at once, as alone. */
    pthread_t threads[4];
    static struct job jobs[4];
    for (int t = 0; t < 4; t++) {
        random_small(&jobs[t].s, MIXED);
        CHECK(pthread_create(&threads[t], NULL, run_job, &jobs[t]) == 0, "thread %d", t);
    }
    for (int t = 0; t < 4; t++) {
        pthread_join(threads[t], NULL);
        struct job alone = jobs[t];
        run_job(&alone);
        CHECK(jobs[t].count == alone.count && jobs[t].cost == alone.cost && jobs[t].count >= 0,
              "thread %d: %lld solutions, cost %lld", t, (long long)jobs[t].count, (long long)jobs[t].cost);
    }
    return report("problem_family");
}
