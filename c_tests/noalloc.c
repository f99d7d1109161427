/*
 * No heap allocation, counted: this program defines malloc, calloc, realloc, free,
 * posix_memalign, aligned_alloc, memalign and valloc itself (forwarding to glibc's
 * __libc_* functions), so every allocation in the process, the library's included, passes
 * through a counter. Each exported function is called inside a counting window, on success and
 * on every error path, starting with the very first call into the library (no lazy set-up may
 * hide there), and each window must count zero.
 *
 *   noalloc DATA_DIR
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>

#include "check.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

/* One thread only: plain counters. */
static int counting;
static long allocations;

static void count(void) {
    if (counting) allocations++;
}

void *malloc(size_t n) { count(); return __libc_malloc(n); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { count(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t align, size_t n) { count(); return __libc_memalign(align, n); }
void *aligned_alloc(size_t align, size_t n) { count(); return __libc_memalign(align, n); }
void *valloc(size_t n) { count(); return __libc_memalign(4096, n); }
int posix_memalign(void **out, size_t align, size_t n) {
    count();
    void *p = __libc_memalign(align, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

#define NO_ALLOCATION(what, call)                                                   \
    do {                                                                            \
        allocations = 0;                                                            \
        counting = 1;                                                               \
        call;                                                                       \
        counting = 0;                                                               \
        CHECK(allocations == 0, "%s: %ld heap allocations", what, allocations);     \
    } while (0)

int main(int argc, char **argv) {
    if (take_data_dir(argc, argv, 0, "")) return 2;
    /* Read everything first: stdio and this program's own buffers allocate. */
    char *sample = read_file("sudoku16/poj3076-sample-1.txt");
    char *goomii = read_file("sudoku16/goomii17-hexasudoku-3000.txt");
    char *noip = read_file("target/noip2009.txt");
    CHECK(sample && goomii && noip, "read the data");
    if (!sample || !goomii || !noip) return report("noalloc");
    static char *lines[3000];
    size_t n_lines = split_lines(goomii, lines, 3000);
    static int grids[81 * 20];
    size_t n_ints = read_ints(noip, grids, 81 * 20);
    sample[256] = '\0';
    printf("noalloc: checking with %zu goomii lines and %zu NOIP grids\n", n_lines, n_ints / 81);
    fflush(stdout);

    char out[DLX16_OUT_LEN];
    int best[81], rc = 0;
    const char *text = NULL;

    /* The very first calls into the library. */
    NO_ALLOCATION("first dlx_version", text = dlx_version());
    NO_ALLOCATION("first dlx_solve16", rc = dlx_solve16(sample, out));
    CHECK(rc == DLX_OK, "sample solves");
    NO_ALLOCATION("first dlx_target_max", rc = dlx_target_max(grids + 81, best));
    CHECK(rc > 0, "NOIP case 2 solves: %d", rc);

    /* Self-test: the counter sees allocations made inside a window. */
    /* Through volatile pointers, so the compiler cannot drop the malloc/free pairs. */
    void *(*volatile allocate)(size_t) = malloc;
    char *(*volatile duplicate)(const char *) = strdup;
    allocations = 0;
    counting = 1;
    void *probe = allocate(16);
    char *copy = duplicate("x");
    counting = 0;
    CHECK(allocations == 2, "the interposed allocator counts (%ld of 2)", allocations);
    free(probe);
    free(copy);

    for (size_t i = 0; i < n_lines; i += 7) NO_ALLOCATION("dlx_solve16 on goomii", dlx_solve16(lines[i], out));
    for (size_t k = 0; k + 81 <= n_ints; k += 81) NO_ALLOCATION("dlx_target_max on NOIP", dlx_target_max(grids + k, best));

    char blank[257];
    memset(blank, '-', 256);
    blank[256] = '\0';
    NO_ALLOCATION("empty 16x16 grid", rc = dlx_solve16(blank, out));
    CHECK(rc == DLX_OK, "empty grid solves");
    blank[0] = 'A', blank[1] = 'A';
    NO_ALLOCATION("repeated givens", rc = dlx_solve16(blank, out));
    CHECK(rc == DLX_UNSOLVABLE, "repeated givens: %d", rc);
    NO_ALLOCATION("NULL puzzle", rc = dlx_solve16(NULL, out));
    CHECK(rc == DLX_ERR_NULL, "NULL: %d", rc);
    NO_ALLOCATION("short text", rc = dlx_solve16("ABC", out));
    CHECK(rc == DLX_ERR_LENGTH, "short: %d", rc);
    NO_ALLOCATION("bad byte", rc = dlx_solve16("AB?", out));
    CHECK(rc == DLX_ERR_CELL, "bad byte: %d", rc);

    int grid[81] = {0};
    NO_ALLOCATION("empty 9x9 grid", rc = dlx_target_max(grid, best));
    CHECK(rc == 2906, "empty grid: %d", rc);
    grid[0] = 5, grid[1] = 5;
    NO_ALLOCATION("repeated 9x9 givens", rc = dlx_target_max(grid, NULL));
    CHECK(rc == DLX_UNSOLVABLE, "repeated: %d", rc);
    grid[0] = 10;
    NO_ALLOCATION("value outside 0..9", rc = dlx_target_max(grid, best));
    CHECK(rc == DLX_ERR_CELL, "outside: %d", rc);
    NO_ALLOCATION("NULL grid", rc = dlx_target_max(NULL, best));
    CHECK(rc == DLX_ERR_NULL, "NULL grid: %d", rc);

    /* The 0.2 Sudoku functions: successes, errors, counts, and the time-limit path. */
    char nine[82], out9[DLX9_OUT_LEN];
    memset(nine, '.', 81);
    nine[81] = '\0';
    int64_t count = 0;
    NO_ALLOCATION("dlx_solve9", rc = dlx_solve9(nine, out9));
    CHECK(rc == DLX_OK, "9x9 empty grid solves: %d", rc);
    NO_ALLOCATION("dlx_solve9 bad byte", rc = dlx_solve9("x", out9));
    CHECK(rc == DLX_ERR_CELL, "9x9 bad byte: %d", rc);
    NO_ALLOCATION("dlx_solve9_within", rc = dlx_solve9_within(nine, out9, 60000));
    CHECK(rc == DLX_OK, "solve9_within: %d", rc);
    NO_ALLOCATION("dlx_solve9_within negative", rc = dlx_solve9_within(nine, out9, -1));
    CHECK(rc == DLX_ERR_ARG, "solve9_within negative: %d", rc);
    char form[DLX9_OUT_LEN];
    NO_ALLOCATION("dlx_canon9 complete grid", rc = dlx_canon9(out9, form));
    CHECK(rc == DLX_OK && memcmp(form, "123456789", 9) == 0, "canon9 of a grid: %d", rc);
    NO_ALLOCATION("dlx_canon9 empty grid", rc = dlx_canon9(nine, form));
    CHECK(rc == DLX_OK && memcmp(form, nine, 82) == 0, "canon9 of the empty grid: %d", rc);
    NO_ALLOCATION("dlx_canon9 bad byte", rc = dlx_canon9("x", form));
    CHECK(rc == DLX_ERR_CELL, "canon9 bad byte: %d", rc);
    const char *euler = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    NO_ALLOCATION("dlx_rate9", rc = dlx_rate9(euler, 0));
    CHECK(rc == 12, "rate9: %d", rc);
    NO_ALLOCATION("dlx_rate9 multiple", rc = dlx_rate9(nine, 0));
    CHECK(rc == DLX_MULTIPLE, "rate9 multiple: %d", rc);
    NO_ALLOCATION("dlx_rate9 bad byte", rc = dlx_rate9("x", 0));
    CHECK(rc == DLX_ERR_CELL, "rate9 bad byte: %d", rc);
    dlx_step step;
    NO_ALLOCATION("dlx_hint9", rc = dlx_hint9(euler, &step, 0));
    CHECK(rc == DLX_OK && step.rating == 12, "hint9: %d", rc);
    NO_ALLOCATION("dlx_hint9 negative", rc = dlx_hint9(euler, &step, -1));
    CHECK(rc == DLX_ERR_ARG, "hint9 negative: %d", rc);
    NO_ALLOCATION("dlx_count9", count = dlx_count9(nine, 3, 0));
    CHECK(count == 3, "count9: %lld", (long long)count);
    NO_ALLOCATION("dlx_count9 limit 0", count = dlx_count9(nine, 0, 0));
    CHECK(count == DLX_ERR_ARG, "count9 limit 0: %lld", (long long)count);
    NO_ALLOCATION("dlx_count9 timeout", count = dlx_count9(nine, INT64_MAX, 1));
    CHECK(count == DLX_TIMEOUT, "count9 timeout: %lld", (long long)count);
    for (size_t i = 0; i < n_lines; i += 97) NO_ALLOCATION("dlx_count16 on goomii", dlx_count16(lines[i], 2, 0));
    NO_ALLOCATION("dlx_count16 timeout", count = dlx_count16(blank, INT64_MAX, 1));
    NO_ALLOCATION("dlx_solve16_within", rc = dlx_solve16_within(sample, out, 60000));
    CHECK(rc == DLX_OK, "solve16_within: %d", rc);
    NO_ALLOCATION("dlx_solve16_within negative", rc = dlx_solve16_within(sample, out, -1));
    CHECK(rc == DLX_ERR_ARG, "solve16_within negative: %d", rc);
    grid[0] = 0, grid[1] = 0;
    NO_ALLOCATION("dlx_target_max_within", rc = dlx_target_max_within(grid, best, 60000));
    CHECK(rc == 2906, "target_within: %d", rc);
    grid[4] = 6, grid[66] = 6, grid[67] = 1; /* a slow near-empty grid */
    NO_ALLOCATION("dlx_target_max_within timeout", rc = dlx_target_max_within(grid, best, 1));
    CHECK(rc == DLX_TIMEOUT, "target_within timeout: %d", rc);
    for (int symmetry = DLX_SYMMETRY_NONE; symmetry <= DLX_SYMMETRY_MIRROR; symmetry++) {
        NO_ALLOCATION("dlx_generate9", rc = dlx_generate9(7, symmetry, 0, 0, out9));
        CHECK(rc == DLX_OK, "generate9 symmetry %d: %d", symmetry, rc);
    }
    NO_ALLOCATION("dlx_generate9 givens", rc = dlx_generate9(7, DLX_SYMMETRY_NONE, 26, 60000, out9));
    CHECK(rc == DLX_OK, "generate9 givens: %d", rc);
    NO_ALLOCATION("dlx_generate9 timeout", rc = dlx_generate9(7, DLX_SYMMETRY_NONE, 5, 5, out9));
    CHECK(rc == DLX_TIMEOUT, "generate9 timeout: %d", rc);
    NO_ALLOCATION("dlx_generate9 bad symmetry", rc = dlx_generate9(7, 4, 0, 0, out9));
    CHECK(rc == DLX_ERR_ARG, "generate9 bad symmetry: %d", rc);
    int rated = 0;
    NO_ALLOCATION("dlx_generate9_rated", rc = dlx_generate9_rated(7, DLX_SYMMETRY_NONE, 0, 40, 120, 0, out9, &rated));
    CHECK(rc == DLX_OK && rated >= 40, "generate9_rated: %d, rating %d", rc, rated);
    NO_ALLOCATION("dlx_generate9_rated timeout", rc = dlx_generate9_rated(7, DLX_SYMMETRY_NONE, 0, 115, 120, 5, out9, &rated));
    CHECK(rc == DLX_TIMEOUT, "generate9_rated timeout: %d", rc);
    NO_ALLOCATION("dlx_generate16", rc = dlx_generate16(7, DLX_SYMMETRY_180, 0, 0, out));
    CHECK(rc == DLX_OK, "generate16: %d", rc);
    NO_ALLOCATION("dlx_generate16 timeout", rc = dlx_generate16(7, DLX_SYMMETRY_NONE, 5, 5, out));
    CHECK(rc == DLX_TIMEOUT, "generate16 timeout: %d", rc);
    NO_ALLOCATION("dlx_generate16 NULL", rc = dlx_generate16(7, DLX_SYMMETRY_NONE, 0, 0, NULL));
    CHECK(rc == DLX_ERR_NULL, "generate16 NULL: %d", rc);
    /* The batch calls: 9x9 (two empty grids and a bad one) and 16x16 (goomii lines back to back),
     * solved, counted, timed out and refused. */
    static char batch9[3 * 81], answers9[3 * DLX9_OUT_LEN], batch16[8 * 256], answers16[8 * DLX16_OUT_LEN];
    int32_t statuses[8];
    int64_t counts[8], done = 0;
    memset(batch9, '.', sizeof batch9);
    batch9[2 * 81] = 'x';
    for (size_t i = 0; i < 8 && i < n_lines; i++) memcpy(batch16 + 256 * i, lines[i], 256);
    NO_ALLOCATION("dlx_solve9_many", done = dlx_solve9_many(batch9, 3, 81, answers9, 0, statuses));
    CHECK(done == 2 && statuses[2] == DLX_ERR_CELL, "solve9_many: %lld, %d", (long long)done, statuses[2]);
    NO_ALLOCATION("dlx_count9_many", done = dlx_count9_many(batch9, 3, 81, 2, 0, counts, answers9));
    CHECK(done == 2 && counts[0] == 2 && counts[2] == DLX_ERR_CELL, "count9_many: %lld", (long long)done);
    NO_ALLOCATION("dlx_count9_many timeout", done = dlx_count9_many(batch9, 2, 81, INT64_MAX, 1, counts, NULL));
    CHECK(done == 0 && counts[1] == DLX_TIMEOUT, "count9_many timeout: %lld", (long long)counts[1]);
    NO_ALLOCATION("dlx_solve9_many NULL", done = dlx_solve9_many(batch9, 3, 81, answers9, 0, NULL));
    CHECK(done == DLX_ERR_NULL, "solve9_many NULL: %lld", (long long)done);
    NO_ALLOCATION("dlx_count9_many bad stride", done = dlx_count9_many(batch9, 3, 0, 2, 0, counts, NULL));
    CHECK(done == DLX_ERR_ARG, "count9_many stride 0: %lld", (long long)done);
    NO_ALLOCATION("dlx_solve16_many", done = dlx_solve16_many(batch16, 8, 256, answers16, 60000, statuses));
    CHECK(done == 8, "solve16_many: %lld", (long long)done);
    NO_ALLOCATION("dlx_count16_many", done = dlx_count16_many(batch16, 8, 256, 2, 0, counts, answers16));
    CHECK(done == 8 && counts[7] == 1, "count16_many: %lld", (long long)done);
    NO_ALLOCATION("dlx_count16_many bad limit", done = dlx_count16_many(batch16, 8, 256, 0, 0, counts, NULL));
    CHECK(done == DLX_ERR_ARG, "count16_many limit 0: %lld", (long long)done);
    for (int code = -8; code <= 1; code++) NO_ALLOCATION("dlx_strerror", text = dlx_strerror(code));
    (void)text;

    free(sample);
    free(goomii);
    free(noip);
    /* The general exact cover: 10 queens in memory allocated before the window. */
    static _Alignas(16) unsigned char memory[1 << 16];
    size_t size = dlx_problem_size(20 + 38, 100, 400);
    CHECK(size <= sizeof memory, "size %zu", size);
    dlx_problem *p = NULL;
    NO_ALLOCATION("dlx_problem_init", p = dlx_problem_init(memory, size, 20, 38, 100, 400));
    for (int r = 0; p && r < 10; r++)
        for (int c = 0; c < 10; c++) {
            int32_t items[4] = {r, 10 + c, 20 + r + c, 39 + r - c + 9};
            NO_ALLOCATION("dlx_problem_add", rc = dlx_problem_add(p, items, 4));
        }
    int32_t wrong[2] = {3, 999}, entry = 0;
    NO_ALLOCATION("dlx_problem_add, rejected", rc = dlx_problem_add(p, wrong, 2));
    NO_ALLOCATION("dlx_problem_fault", rc = dlx_problem_fault(p, &entry, NULL));
    CHECK(rc == DLX_FAULT_OUT_OF_RANGE && entry == 1, "fault: %d at %d", rc, entry);
    for (int code = -1; code <= 7; code++) NO_ALLOCATION("dlx_fault_text", text = dlx_fault_text(code));
    int64_t found = 0;
    NO_ALLOCATION("dlx_problem_search", found = dlx_problem_search(p, INT64_MAX, 0, NULL, NULL));
    CHECK(found == 724, "10 queens: %lld", (long long)found);
    NO_ALLOCATION("dlx_problem_search with a time limit", found = dlx_problem_search(p, INT64_MAX, 1, NULL, NULL));
    int32_t cancel = 0;
    NO_ALLOCATION("dlx_problem_search_cancel",
                  found = dlx_problem_search_cancel(p, INT64_MAX, 0, &cancel, NULL, NULL));
    CHECK(found == 724, "10 queens with a cancel flag of 0: %lld", (long long)found);
    int32_t cover[10];
    NO_ALLOCATION("dlx_problem_minimum", rc = dlx_problem_minimum(p, cover, 10, 0));
    CHECK(rc == 10, "minimum: %d", rc);
    NO_ALLOCATION("dlx_problem_minimum_below_cancel",
                  rc = dlx_problem_minimum_below_cancel(p, INT64_MAX, cover, 10, 0, &cancel));
    CHECK(rc == 10, "minimum below with a cancel flag of 0: %d", rc);
    NO_ALLOCATION("dlx_problem_at_most_cancel", rc = dlx_problem_at_most_cancel(p, 10, cover, 10, 0, &cancel));
    CHECK(rc == 10, "at most with a cancel flag of 0: %d", rc);
    /* Pieces: a split into 16, each piece counted alone, and the estimate. */
    static int32_t pieces[1 << 14];
    int64_t used = 0, made = 0, total = 0;
    int64_t work = 0;
    NO_ALLOCATION("dlx_problem_split_work", made = dlx_problem_split_work(p, 16, pieces, 1 << 14, &used, &work, 0));
    CHECK(made >= 16 && work > 0, "pieces: %lld, work %lld", (long long)made, (long long)work);
    NO_ALLOCATION("dlx_problem_split", made = dlx_problem_split(p, 16, pieces, 1 << 14, &used, 0));
    CHECK(made >= 16, "pieces: %lld", (long long)made);
    for (int64_t at = 0; made > 0 && at < used; at += 1 + pieces[at]) {
        NO_ALLOCATION("dlx_problem_piece", rc = dlx_problem_piece(p, pieces + at + 1, pieces[at]));
        NO_ALLOCATION("dlx_problem_search, a piece", found = dlx_problem_search(p, INT64_MAX, 0, NULL, NULL));
        total += found;
    }
    CHECK(total == 724, "the pieces' counts: %lld", (long long)total);
    int32_t bad[2] = {0, -1};
    NO_ALLOCATION("dlx_problem_piece, repeated", rc = dlx_problem_piece(p, bad, 2));
    CHECK(rc == DLX_ERR_ARG, "repeated option: %d", rc);
    NO_ALLOCATION("dlx_problem_piece, cleared", rc = dlx_problem_piece(p, NULL, 0));
    NO_ALLOCATION("dlx_problem_split, no room", made = dlx_problem_split(p, 16, pieces, 8, &used, 0));
    CHECK(made == DLX_ERR_CAPACITY, "no room: %lld", (long long)made);
    double estimate = 0;
    NO_ALLOCATION("dlx_problem_estimate", rc = dlx_problem_estimate(p, 100, 1, &estimate, 0));
    CHECK(rc == DLX_OK && estimate > 0, "estimate: %d %f", rc, estimate);
    double mantissa = 0;
    int64_t exponent = 0;
    NO_ALLOCATION("dlx_problem_estimate_size", rc = dlx_problem_estimate_size(p, 100, 1, &mantissa, &exponent, 0));
    CHECK(rc == DLX_OK && mantissa >= 1 && exponent > 0, "estimate size: %d %f %lld", rc, mantissa, (long long)exponent);

    /* Colors, bounds and costs: 10 queens again, each queen an option of cost 1 + its column,
     * the diagonals colored by the queen's row (never shared, so the same covers), row 0
     * optional (the ten columns still want ten queens); every new call, on success and on its
     * errors, with room for one more option so that the faults are found. */
    size = dlx_problem_size(20 + 38, 101, 404);
    CHECK(size <= sizeof memory, "size %zu", size);
    NO_ALLOCATION("dlx_problem_init, family", p = dlx_problem_init(memory, size, 20, 38, 101, 404));
    for (int r = 0; p && r < 10; r++)
        for (int c = 0; c < 10; c++) {
            int32_t items[4] = {r, 10 + c, 20 + r + c, 39 + r - c + 9}, colors[4] = {0, 0, 1 + r, 1 + r};
            NO_ALLOCATION("dlx_problem_add_option", rc = dlx_problem_add_option(p, items, colors, 4, 1 + c));
        }
    int32_t on_primary[2] = {4, 0}, below[2] = {0, -1}, some[2] = {3, 25};
    NO_ALLOCATION("dlx_problem_add_option, color on a primary item", rc = dlx_problem_add_option(p, some, on_primary, 2, 1));
    CHECK(rc == DLX_ERR_ARG, "color on primary: %d", rc);
    NO_ALLOCATION("dlx_problem_fault, color on a primary item", rc = dlx_problem_fault(p, &entry, NULL));
    CHECK(rc == DLX_FAULT_COLOR_ON_PRIMARY && entry == 0, "fault 7: %d at %d", rc, entry);
    NO_ALLOCATION("dlx_problem_add_option, negative color", rc = dlx_problem_add_option(p, some, below, 2, 1));
    CHECK(rc == DLX_ERR_ARG && dlx_problem_fault(p, NULL, NULL) == DLX_FAULT_NEGATIVE_COLOR, "fault 8: %d", rc);
    NO_ALLOCATION("dlx_problem_add_option, negative cost", rc = dlx_problem_add_option(p, some, NULL, 2, -1));
    CHECK(rc == DLX_ERR_ARG && dlx_problem_fault(p, NULL, NULL) == DLX_FAULT_NEGATIVE_COST, "fault 9: %d", rc);
    NO_ALLOCATION("dlx_problem_add_option, NULL", rc = dlx_problem_add_option(p, NULL, NULL, 2, 1));
    CHECK(rc == DLX_ERR_NULL, "NULL items: %d", rc);
    for (int code = 7; code <= 10; code++) NO_ALLOCATION("dlx_fault_text, 7-10", text = dlx_fault_text(code));
    NO_ALLOCATION("dlx_problem_bounds", rc = dlx_problem_bounds(p, 0, 0, 1));
    CHECK(rc == DLX_OK, "bounds: %d", rc);
    NO_ALLOCATION("dlx_problem_bounds, secondary item", rc = dlx_problem_bounds(p, 30, 1, 1));
    CHECK(rc == DLX_ERR_ARG, "bounds on a secondary item: %d", rc);
    NO_ALLOCATION("dlx_problem_bounds, lo above hi", rc = dlx_problem_bounds(p, 1, 2, 1));
    NO_ALLOCATION("dlx_problem_bounds, NULL", rc = dlx_problem_bounds(NULL, 1, 1, 1));
    NO_ALLOCATION("dlx_problem_search, family", found = dlx_problem_search(p, INT64_MAX, 0, NULL, NULL));
    CHECK(found == 724, "10 queens with row 0 optional: %lld", (long long)found);
    NO_ALLOCATION("dlx_problem_minimum, family", rc = dlx_problem_minimum(p, cover, 10, 0));
    CHECK(rc > 0, "family minimum: %d", rc);
    int64_t cost = 0;
    NO_ALLOCATION("dlx_problem_cost", cost = dlx_problem_cost(p));
    CHECK(cost > 0, "cost %lld", (long long)cost);
    NO_ALLOCATION("dlx_problem_at_most", rc = dlx_problem_at_most(p, cost, cover, 10, 0));
    CHECK(rc > 0 && dlx_problem_cost(p) == cost, "at most the least cost: %d", rc);
    NO_ALLOCATION("dlx_problem_at_most, below the least", rc = dlx_problem_at_most(p, cost - 1, cover, 10, 0));
    CHECK(rc == DLX_UNSOLVABLE, "below the least: %d", rc);
    NO_ALLOCATION("dlx_problem_at_most, negative limit", rc = dlx_problem_at_most(p, -1, cover, 10, 0));
    NO_ALLOCATION("dlx_problem_at_most, capacity", rc = dlx_problem_at_most(p, 1000, cover, 1, 0));
    CHECK(rc == DLX_ERR_CAPACITY, "capacity 1: %d", rc);
    NO_ALLOCATION("dlx_problem_at_most, time limit", rc = dlx_problem_at_most(p, 1000, cover, 10, 1));
    NO_ALLOCATION("dlx_problem_cost, NULL", cost = dlx_problem_cost(NULL));
    CHECK(cost == DLX_ERR_NULL, "cost of NULL: %lld", (long long)cost);
    NO_ALLOCATION("dlx_problem_split, family", made = dlx_problem_split(p, 8, pieces, 1 << 14, &used, 0));
    CHECK(made >= 8, "family pieces: %lld", (long long)made);
    NO_ALLOCATION("dlx_problem_piece, family", rc = dlx_problem_piece(p, pieces + 1, pieces[0]));
    NO_ALLOCATION("dlx_problem_minimum_below, family", rc = dlx_problem_minimum_below(p, INT64_MAX, cover, 10, 0));
    CHECK(rc > 0 || rc == DLX_UNSOLVABLE, "minimum of a piece: %d", rc);
    NO_ALLOCATION("dlx_problem_minimum_below, nothing below 1", rc = dlx_problem_minimum_below(p, 1, cover, 10, 0));
    CHECK(rc == DLX_UNSOLVABLE, "below 1: %d", rc);

    /* Variants: 9x9 boxes as a region map, with diagonals and four windoku windows, a 6x6 of
     * 2x3 boxes, and every error path, in memory allocated before the window. */
    static _Alignas(16) unsigned char variant_memory[1 << 18];
    int32_t boxes[81], windows[81], six[36];
    for (int c = 0; c < 81; c++) {
        int r = c / 9, k = c % 9;
        boxes[c] = r / 3 * 3 + k / 3;
        windows[c] = (r % 4 != 0 && k % 4 != 0) ? (r / 4) * 2 + k / 4 : -1;
    }
    for (int c = 0; c < 36; c++) six[c] = c / 6 / 2 * 2 + c % 6 / 3;
    size_t vsize = 0;
    NO_ALLOCATION("dlx_variant_size", vsize = dlx_variant_size(9, 4));
    CHECK(vsize > 0 && vsize <= sizeof variant_memory, "variant size %zu", vsize);
    NO_ALLOCATION("dlx_variant_size out of range", size = dlx_variant_size(26, 0));
    CHECK(size == 0, "variant size of 26: %zu", size);
    char vout[DLX9_OUT_LEN], empty9[82], empty6[37];
    for (int c = 0; c < 81; c++) empty9[c] = '.';
    empty9[81] = '\0';
    for (int c = 0; c < 36; c++) empty6[c] = '.';
    empty6[36] = '\0';
    NO_ALLOCATION("dlx_variant_solve", found = dlx_variant_solve(variant_memory, vsize, 9, boxes, 0, NULL, empty9, vout, 2, 0));
    CHECK(found == 2, "variant, empty 9x9: %lld", (long long)found);
    NO_ALLOCATION("dlx_variant_solve windoku X",
                  found = dlx_variant_solve(variant_memory, vsize, 9, boxes, 1, windows, empty9, vout, 1, 60000));
    CHECK(found == 1, "variant, windoku X: %lld", (long long)found);
    NO_ALLOCATION("dlx_variant_solve 6x6", found = dlx_variant_solve(variant_memory, vsize, 6, six, 0, NULL, empty6, vout, 1, 0));
    CHECK(found == 1, "variant, 6x6: %lld", (long long)found);
    NO_ALLOCATION("dlx_variant_solve timeout",
                  found = dlx_variant_solve(variant_memory, vsize, 9, boxes, 0, NULL, empty9, vout, INT64_MAX, 1));
    CHECK(found == DLX_TIMEOUT, "variant timeout: %lld", (long long)found);
    NO_ALLOCATION("dlx_variant_solve NULL", found = dlx_variant_solve(NULL, vsize, 9, boxes, 0, NULL, empty9, vout, 1, 0));
    CHECK(found == DLX_ERR_NULL, "variant NULL: %lld", (long long)found);
    NO_ALLOCATION("dlx_variant_solve bad map", found = dlx_variant_solve(variant_memory, vsize, 9, windows, 0, NULL, empty9, vout, 1, 0));
    CHECK(found == DLX_ERR_ARG, "variant bad map: %lld", (long long)found);
    NO_ALLOCATION("dlx_variant_solve capacity", found = dlx_variant_solve(variant_memory, 64, 9, boxes, 0, NULL, empty9, vout, 1, 0));
    CHECK(found == DLX_ERR_CAPACITY, "variant capacity: %lld", (long long)found);
    NO_ALLOCATION("dlx_variant_solve bad byte", found = dlx_variant_solve(variant_memory, vsize, 9, boxes, 0, NULL, "x", vout, 1, 0));
    CHECK(found == DLX_ERR_CELL, "variant bad byte: %lld", (long long)found);
    NO_ALLOCATION("dlx_variant_solve short", found = dlx_variant_solve(variant_memory, vsize, 9, boxes, 0, NULL, "12", vout, 1, 0));
    CHECK(found == DLX_ERR_LENGTH, "variant short: %lld", (long long)found);

    return report("noalloc");
}
