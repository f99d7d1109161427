/*
 * The C harness: checks libdlx through its public header only, as a C user links it.
 *
 *   harness DATA_DIR
 *
 * DATA_DIR is the repository's tests/data (corpora, judge samples). The same source is
 * linked against libdlx.a and against libdlx.so (see c_tests/Makefile and tests/c_harness.rs).
 * Every check prints nothing when it holds and one line when it fails; the last line is
 * "harness: N passed, M failed", and the exit status is 1 if anything failed.
 */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

/* ---- POJ 3076's sample, byte for byte ------------------------------------------------- */

static void test_judge_sample(void) {
    char *input = read_file("judges/poj3076-sample.in");
    char *output = read_file("judges/poj3076-sample.out");
    CHECK(input != NULL && output != NULL, "read judges/poj3076-sample.in and .out");
    if (input && output) {
        /* The judge's 16 output lines, without their line ends, are the 256 cells. */
        char expected[257];
        size_t n = 0;
        for (const char *p = output; *p && n < 256; p++)
            if (*p != '\n') expected[n++] = *p;
        expected[n] = '\0';
        CHECK(n == 256 && strlen(output) == 16 * 17, "the sample output is 16 lines of 16");
        unsigned char out[GUARDED_LEN];
        fill(out);
        int rc = dlx_solve16(input, (char *)out); /* as a judge reads it: 16 lines, LF ends */
        CHECK(rc == DLX_OK, "judge sample: status %d", rc);
        CHECK(memcmp(out, expected, 257) == 0, "judge sample: output differs from POJ 3076's");
        CHECK(untouched(out, DLX16_OUT_LEN), "judge sample: wrote past DLX16_OUT_LEN");
    }
    free(input);
    free(output);
}

/* ---- the public corpora ----------------------------------------------------------------- */

struct corpus {
    const char *name;        /* under sudoku16/ */
    const char *answers;     /* ".solutions.txt" (exact answers) or ".nsol.txt" (counts) */
};


static void test_corpus(const struct corpus *c) {
    char puzzles_path[512], answers_path[512];
    snprintf(puzzles_path, sizeof puzzles_path, "sudoku16/%s.txt", c->name);
    snprintf(answers_path, sizeof answers_path, "sudoku16/%s%s", c->name, c->answers);
    char *puzzles_text = read_file(puzzles_path), *answers_text = read_file(answers_path);
    CHECK(puzzles_text && answers_text, "read %s and its answers", c->name);
    if (!puzzles_text || !answers_text) {
        free(puzzles_text);
        free(answers_text);
        return;
    }
    static char *puzzles[5000], *answers[5000];
    size_t n = split_lines(puzzles_text, puzzles, 5000);
    size_t n_answers = split_lines(answers_text, answers, 5000);
    while (n && puzzles[n - 1][0] == '\0') n--;
    while (n_answers && answers[n_answers - 1][0] == '\0') n_answers--;
    CHECK(n > 0 && n == n_answers, "%s: %zu puzzles, %zu answers", c->name, n, n_answers);
    int exact = strcmp(c->answers, ".solutions.txt") == 0;
    size_t solved = 0;
    double start = now_us(), worst = 0;
    for (size_t i = 0; i < n && i < n_answers; i++) {
        int line = (int)i + 1;
        unsigned char out[GUARDED_LEN];
        fill(out);
        double t0 = now_us();
        int rc = dlx_solve16(puzzles[i], (char *)out);
        double dt = now_us() - t0;
        if (dt > worst) worst = dt;
        const char *why = rc != DLX_OK ? "status not DLX_OK" : invalid_solution(puzzles[i], (char *)out);
        if (!why && exact && memcmp(out, answers[i], 257) != 0) why = "differs from the known solution";
        if (!why && !exact && strcmp(answers[i], "1") != 0 && strcmp(answers[i], "2") != 0) why = "bad nsol line";
        if (!why && !untouched(out, DLX16_OUT_LEN)) why = "wrote past DLX16_OUT_LEN";
        CHECK(why == NULL, "%s line %d: %s (status %d)", c->name, line, why ? why : "", rc);
        solved += why == NULL;
    }
    printf("  %-36s %5zu solved, mean %.0f us, worst %.0f us\n", c->name, solved, (now_us() - start) / (double)n,
           worst);
    free(puzzles_text);
    free(answers_text);
}

/* ---- status codes and untouched output -------------------------------------------------- */

static const char *sample_puzzle(void) {
    static char puzzle[257];
    if (!puzzle[0]) {
        char *text = read_file("sudoku16/poj3076-sample-1.txt");
        if (text && strlen(text) >= 256) memcpy(puzzle, text, 256);
        free(text);
    }
    return puzzle;
}

/* Calls dlx_solve16 on `text` and checks it returns `want` and leaves the buffer untouched. */
static void expect_error(const char *what, const char *text, int want) {
    unsigned char out[GUARDED_LEN];
    fill(out);
    int rc = dlx_solve16(text, (char *)out);
    CHECK(rc == want, "%s: status %d, wanted %d", what, rc, want);
    CHECK(untouched(out, 0), "%s: the output buffer was written", what);
}

static void test_status_codes(void) {
    const char *good = sample_puzzle();
    CHECK(strlen(good) == 256, "the POJ sample puzzle reads as 256 cells");
    unsigned char out[GUARDED_LEN];

    fill(out);
    CHECK(dlx_solve16(NULL, (char *)out) == DLX_ERR_NULL, "NULL puzzle");
    CHECK(untouched(out, 0), "NULL puzzle: buffer written");
    CHECK(dlx_solve16(good, NULL) == DLX_ERR_NULL, "NULL solution");
    CHECK(dlx_solve16(NULL, NULL) == DLX_ERR_NULL, "NULL both");

    char text[1024];
    expect_error("empty text", "", DLX_ERR_LENGTH);
    expect_error("only whitespace", " \t\r\n\n ", DLX_ERR_LENGTH);
    for (int len = 0; len <= 300; len++) {
        if (len == 256) continue;
        for (int i = 0; i < len; i++) text[i] = (i < 256) ? good[i] : '-';
        text[len] = '\0';
        unsigned char buf[GUARDED_LEN];
        fill(buf);
        int rc = dlx_solve16(text, (char *)buf);
        CHECK(rc == DLX_ERR_LENGTH && untouched(buf, 0), "%d cells: status %d", len, rc);
    }

    const unsigned char bad[] = {'Q', 'Z', 'a', 'p', '0', '9', '*', '_', '\v', '\f', 0x7F, 0x80, 0xC3, 0xFF};
    for (size_t k = 0; k < sizeof bad; k++) {
        for (int at = 0; at < 256; at += 85) {
            memcpy(text, good, 257);
            text[at] = (char)bad[k];
            unsigned char buf[GUARDED_LEN];
            fill(buf);
            int rc = dlx_solve16(text, (char *)buf);
            CHECK(rc == DLX_ERR_CELL && untouched(buf, 0), "byte 0x%02X at %d: status %d", bad[k], at, rc);
        }
    }
    /* The first fault decides: a bad byte after a 257th cell is a length error, and a bad byte
     * inside a too-short text is a cell error. */
    snprintf(text, sizeof text, "%s-?", good);
    expect_error("257th cell, then a bad byte", text, DLX_ERR_LENGTH);
    expect_error("bad byte in a short text", "AB?", DLX_ERR_CELL);

    /* Repeated givens, each in one unit only. */
    char blank[257];
    memset(blank, '-', 256);
    blank[256] = '\0';
    memcpy(text, blank, 257);
    text[0] = 'A', text[15] = 'A';
    expect_error("A twice in row 0", text, DLX_UNSOLVABLE);
    memcpy(text, blank, 257);
    text[3] = 'C', text[15 * 16 + 3] = 'C';
    expect_error("C twice in column 3", text, DLX_UNSOLVABLE);
    memcpy(text, blank, 257);
    text[0] = 'P', text[1 * 16 + 1] = 'P';
    expect_error("P twice in box 0", text, DLX_UNSOLVABLE);

    /* No repeats, yet no completion: row 0 holds B..P beside the blank (0,0), and column 0
     * holds A further down, so nothing fits (0,0). */
    memcpy(text, blank, 257);
    for (int c = 1; c < 16; c++) text[c] = (char)('A' + c);
    text[4 * 16] = 'A';
    expect_error("no letter fits cell (0,0)", text, DLX_UNSOLVABLE);
    /* Subtler: two blanks in row 0 that both can only be A, the rest of the row full. */
    memcpy(text, blank, 257);
    for (int c = 2; c < 16; c++) text[c] = (char)('A' + c);
    text[4 * 16 + 0] = 'B';
    text[8 * 16 + 1] = 'B';
    expect_error("cells (0,0) and (0,1) both need A", text, DLX_UNSOLVABLE);
}

/* ---- strerror and version --------------------------------------------------------------- */

static void test_strerror_and_version(void) {
    const int codes[] = {DLX_OK,       DLX_UNSOLVABLE, DLX_ERR_NULL,     DLX_ERR_LENGTH, DLX_ERR_CELL,
                         DLX_ERR_ARG,  DLX_ERR_CAPACITY, DLX_TIMEOUT, DLX_MULTIPLE, DLX_BEYOND, DLX_CANCELLED};
    enum { CODES = sizeof codes / sizeof codes[0] };
    CHECK(DLX_OK == 0 && DLX_UNSOLVABLE == -1 && DLX_ERR_NULL == -2 && DLX_ERR_LENGTH == -3 && DLX_ERR_CELL == -4 &&
              DLX_ERR_ARG == -5 && DLX_ERR_CAPACITY == -6 && DLX_TIMEOUT == -7 && DLX_MULTIPLE == -8 &&
              DLX_BEYOND == -9 && DLX_CANCELLED == -10,
          "status values as in the API contract");
    CHECK(DLX16_CELLS == 256 && DLX16_OUT_LEN == 257 && DLX9_CELLS == 81 && DLX9_OUT_LEN == 82,
          "sizes as in the API contract");
    const char *generic = dlx_strerror(12345);
    CHECK(generic && *generic, "unknown code: a sentence");
    for (size_t i = 0; i < CODES; i++) {
        const char *s = dlx_strerror(codes[i]);
        CHECK(s && *s && strcmp(s, generic) != 0, "code %d: its own sentence", codes[i]);
        for (size_t j = 0; j < i; j++)
            CHECK(s && strcmp(s, dlx_strerror(codes[j])) != 0, "codes %d and %d share a sentence", codes[i], codes[j]);
    }
    const int others[] = {1, -11, INT_MIN, INT_MAX, 256};
    for (size_t i = 0; i < 5; i++)
        CHECK(dlx_strerror(others[i]) && strcmp(dlx_strerror(others[i]), generic) == 0, "code %d: generic", others[i]);

    char macros[64];
    snprintf(macros, sizeof macros, "%d.%d.%d", DLX_VERSION_MAJOR, DLX_VERSION_MINOR, DLX_VERSION_PATCH);
    CHECK(dlx_version() && strcmp(dlx_version(), macros) == 0, "dlx_version() %s vs macros %s", dlx_version(), macros);
    CHECK(strcmp(DLX_VERSION, macros) == 0, "DLX_VERSION %s vs macros %s", DLX_VERSION, macros);
}

/* ---- whitespace, in-place, determinism -------------------------------------------------- */

static void test_whitespace_and_in_place(void) {
    const char *good = sample_puzzle();
    char expected[GUARDED_LEN];
    CHECK(dlx_solve16(good, expected) == DLX_OK, "sample solves");

    /* Every kind of whitespace between and around cells, '.' as a blank. */
    char text[4096];
    size_t k = 0;
    const char ws[] = {' ', '\t', '\r', '\n'};
    for (int i = 0; i < 256; i++) {
        for (int j = 0; j <= i % 3; j++) text[k++] = ws[(i + j) % 4];
        text[k++] = good[i] == '-' ? '.' : good[i];
        if (i % 16 == 15) text[k++] = '\r', text[k++] = '\n';
    }
    text[k++] = '\n';
    text[k] = '\0';
    unsigned char out[GUARDED_LEN];
    fill(out);
    CHECK(dlx_solve16(text, (char *)out) == DLX_OK && memcmp(out, expected, 257) == 0, "whitespace and '.' blanks");
    CHECK(untouched(out, DLX16_OUT_LEN), "whitespace: wrote past DLX16_OUT_LEN");

    /* In place, with the puzzle exactly 256 bytes and with the longer judge layout. */
    char buf[4096];
    memcpy(buf, good, 257);
    CHECK(dlx_solve16(buf, buf) == DLX_OK && memcmp(buf, expected, 257) == 0, "in place, 256 cells");
    memcpy(buf, text, k + 1);
    CHECK(dlx_solve16(buf, buf) == DLX_OK && memcmp(buf, expected, 257) == 0, "in place, judge layout");
    CHECK(memcmp(buf + 257, text + 257, k + 1 - 257) == 0, "in place: bytes past 257 untouched");

    /* Many solutions: the empty grid; the same answer on every call. */
    char blank[257], first[257], again[257];
    memset(blank, '-', 256);
    blank[256] = '\0';
    CHECK(dlx_solve16(blank, first) == DLX_OK && !invalid_solution(blank, first), "empty grid solves");
    for (int i = 0; i < 5; i++)
        CHECK(dlx_solve16(blank, again) == DLX_OK && memcmp(first, again, 257) == 0, "empty grid: same answer");
}

/* ---- Target Sudoku ---------------------------------------------------------------------- */

static void test_target_set(const char *name) {
    char grids_path[256], answers_path[256];
    snprintf(grids_path, sizeof grids_path, "target/%s.txt", name);
    snprintf(answers_path, sizeof answers_path, "target/%s.ans", name);
    char *grids_text = read_file(grids_path), *answers_text = read_file(answers_path);
    CHECK(grids_text && answers_text, "read %s", name);
    if (grids_text && answers_text) {
        static int cells[81 * 200], answers[200];
        size_t n_cells = read_ints(grids_text, cells, 81 * 200), n = read_ints(answers_text, answers, 200);
        CHECK(n > 0 && n_cells == 81 * n, "%s: %zu answers for %zu cells", name, n, n_cells);
        double start = now_us(), worst = 0;
        for (size_t k = 0; k < n && 81 * k < n_cells; k++) {
            int best[81 + 8];
            for (int i = 0; i < 81 + 8; i++) best[i] = -7;
            double t0 = now_us();
            int got = dlx_target_max(cells + 81 * k, best);
            double dt = now_us() - t0;
            if (dt > worst) worst = dt;
            const char *why = got != answers[k] ? "wrong answer" : NULL;
            if (!why && got > 0) why = invalid_target(cells + 81 * k, best, got);
            if (!why && got < 0 && best[0] != -7) why = "best written on -1";
            for (int i = 81; i < 81 + 8 && !why; i++)
                if (best[i] != -7) why = "wrote past 81 ints";
            CHECK(why == NULL, "%s case %zu: %s (got %d, want %d)", name, k + 1, why ? why : "", got, answers[k]);
        }
        printf("  %-36s %5zu grids, mean %.0f us, worst %.0f us\n", name, n, (now_us() - start) / (double)n, worst);
    }
    free(grids_text);
    free(answers_text);
}

static void test_target_status(void) {
    int grid[81] = {0}, best[81];
    for (int i = 0; i < 81; i++) best[i] = -7;
    CHECK(dlx_target_max(NULL, best) == DLX_ERR_NULL, "NULL grid");
    CHECK(dlx_target_max(NULL, NULL) == DLX_ERR_NULL, "NULL both");
    const int bad[] = {-1, 10, 255, INT_MIN, INT_MAX};
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
        for (int at = 0; at < 81; at += 40) {
            memset(grid, 0, sizeof grid);
            grid[at] = bad[b];
            int rc = dlx_target_max(grid, best);
            int untouched_best = 1;
            for (int i = 0; i < 81; i++) untouched_best &= best[i] == -7;
            CHECK(rc == DLX_ERR_CELL && untouched_best, "value %d at %d: status %d", bad[b], at, rc);
        }
    }
    memset(grid, 0, sizeof grid);
    grid[10] = 4, grid[20] = 4; /* same box */
    CHECK(dlx_target_max(grid, best) == DLX_UNSOLVABLE && best[0] == -7, "repeated givens: -1, nothing written");
    memset(grid, 0, sizeof grid);
    CHECK(dlx_target_max(grid, NULL) == 2906, "the empty grid scores 2906");
    CHECK(dlx_target_max(grid, grid) == 2906 && !invalid_target((int[81]){0}, grid, 2906), "in place");
}

/* ---- a 256 KiB thread stack ------------------------------------------------------------- */

struct job {
    const char *puzzle;
    char out[DLX16_OUT_LEN];
    int rc, target;
};

static void *run_job(void *arg) {
    struct job *job = arg;
    int empty[81] = {0};
    job->rc = dlx_solve16(job->puzzle, job->out);
    job->target = dlx_target_max(empty, NULL);
    return NULL;
}

static void test_small_stacks(void) {
    char expected[DLX16_OUT_LEN];
    dlx_solve16(sample_puzzle(), expected);
    enum { THREADS = 4 };
    struct job jobs[THREADS];
    pthread_t threads[THREADS];
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    CHECK(pthread_attr_setstacksize(&attr, 256 * 1024) == 0, "a 256 KiB stack size is accepted");
    int started = 0;
    for (int i = 0; i < THREADS; i++) {
        jobs[i].puzzle = sample_puzzle();
        jobs[i].rc = 99;
        if (pthread_create(&threads[i], &attr, run_job, &jobs[i]) == 0) started++;
    }
    CHECK(started == THREADS, "started %d of %d threads", started, THREADS);
    for (int i = 0; i < started; i++) {
        pthread_join(threads[i], NULL);
        CHECK(jobs[i].rc == DLX_OK && memcmp(jobs[i].out, expected, 257) == 0, "thread %d: status %d", i, jobs[i].rc);
        CHECK(jobs[i].target == 2906, "thread %d: target %d", i, jobs[i].target);
    }
    pthread_attr_destroy(&attr);
}

/* The generators from C: each symmetry gives a puzzle with one solution, the same for the same
 * seed (also on a 256 KiB thread), another for another seed; bad arguments give their statuses
 * and leave the buffer as it was. */
struct generated {
    int rc16;
    char out16[DLX16_OUT_LEN];
};

static void *generate_on_thread(void *arg) {
    struct generated *g = arg;
    g->rc16 = dlx_generate16(11, DLX_SYMMETRY_90, 0, 0, g->out16);
    return NULL;
}

static void test_generate(void) {
    char a[DLX16_OUT_LEN + 8], b[DLX16_OUT_LEN + 8];
    for (int symmetry = DLX_SYMMETRY_NONE; symmetry <= DLX_SYMMETRY_MIRROR; symmetry++) {
        for (uint64_t seed = 0; seed < 20; seed++) {
            int rc = dlx_generate9(seed, symmetry, 0, 0, a);
            CHECK(rc == DLX_OK && strlen(a) == 81, "generate9 seed %llu symmetry %d: %d", (unsigned long long)seed, symmetry, rc);
            CHECK(dlx_count9(a, 2, 0) == 1, "generate9 seed %llu symmetry %d: not unique", (unsigned long long)seed, symmetry);
            CHECK(dlx_generate9(seed, symmetry, 0, 0, b) == DLX_OK && strcmp(a, b) == 0, "generate9 repeats itself");
            CHECK(dlx_generate9(seed + 1000, symmetry, 0, 0, b) == DLX_OK && strcmp(a, b) != 0, "other seeds differ");
        }
    }
    CHECK(dlx_generate16(1, DLX_SYMMETRY_NONE, 0, 0, a) == DLX_OK && strlen(a) == 256, "generate16");
    CHECK(dlx_count16(a, 2, 0) == 1, "generate16: not unique");
    const struct { int symmetry, givens; int64_t max_ms; int want; } bad[] = {
        {4, 0, 0, DLX_ERR_ARG}, {-1, 0, 0, DLX_ERR_ARG}, {INT_MAX, 0, 0, DLX_ERR_ARG},
        {DLX_SYMMETRY_NONE, -1, 0, DLX_ERR_ARG}, {DLX_SYMMETRY_NONE, INT_MIN, 0, DLX_ERR_ARG},
        {DLX_SYMMETRY_NONE, 0, -1, DLX_ERR_ARG}, {DLX_SYMMETRY_NONE, 3, 20, DLX_TIMEOUT},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        for (int size = 9; size <= 16; size += 7) {
            memset(a, '#', sizeof a);
            int rc = size == 9 ? dlx_generate9(5, bad[k].symmetry, bad[k].givens, bad[k].max_ms, a)
                               : dlx_generate16(5, bad[k].symmetry, bad[k].givens, bad[k].max_ms, a);
            int untouched = 1;
            for (size_t i = 0; i < sizeof a; i++) untouched &= a[i] == '#';
            CHECK(rc == bad[k].want && untouched, "generate%d bad case %zu: status %d", size, k, rc);
        }
    }
    CHECK(dlx_generate9(5, DLX_SYMMETRY_NONE, 0, 0, NULL) == DLX_ERR_NULL, "generate9 NULL");
    CHECK(dlx_generate16(5, DLX_SYMMETRY_NONE, 0, 0, NULL) == DLX_ERR_NULL, "generate16 NULL");
    struct generated g = {99, {0}};
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    CHECK(pthread_create(&thread, &attr, generate_on_thread, &g) == 0, "generate thread");
    pthread_join(thread, NULL);
    pthread_attr_destroy(&attr);
    CHECK(g.rc16 == DLX_OK && dlx_generate16(11, DLX_SYMMETRY_90, 0, 0, a) == DLX_OK && strcmp(a, g.out16) == 0,
          "generate16 on a 256 KiB thread: %d", g.rc16);
}

/* Rated generation from C: each range gives a puzzle dlx_rate9 rates inside it and the rating
 * it reports, with one solution, the same for the same seed; bad ranges, timeouts and NULL
 * give their statuses and write nothing. */
static void test_generate_rated(void) {
    char a[DLX9_OUT_LEN + 8], b[DLX9_OUT_LEN + 8];
    const int ranges[][2] = {{10, 15}, {20, 30}, {40, 60}, {70, 120}};
    for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; k++) {
        int lo = ranges[k][0], hi = ranges[k][1];
        for (uint64_t seed = 0; seed < 3; seed++) {
            int rating = -1, again = -1;
            int rc = dlx_generate9_rated(seed, DLX_SYMMETRY_NONE, 0, lo, hi, 0, a, &rating);
            CHECK(rc == DLX_OK && strlen(a) == 81, "generate9_rated %d-%d seed %llu: %d", lo, hi, (unsigned long long)seed, rc);
            CHECK(rating >= lo && rating <= hi && dlx_rate9(a, 0) == rating,
                  "generate9_rated %d-%d: rating %d, dlx_rate9 %d", lo, hi, rating, dlx_rate9(a, 0));
            CHECK(dlx_count9(a, 2, 0) == 1, "generate9_rated %d-%d: not unique", lo, hi);
            CHECK(dlx_generate9_rated(seed, DLX_SYMMETRY_NONE, 0, lo, hi, 0, b, &again) == DLX_OK && strcmp(a, b) == 0 &&
                      again == rating, "generate9_rated repeats itself");
        }
    }
    CHECK(dlx_generate9_rated(2, DLX_SYMMETRY_180, 0, 20, 40, 0, a, NULL) == DLX_OK, "generate9_rated NULL rating");
    const struct { int symmetry, givens, lo, hi; int64_t max_ms; int want; } bad[] = {
        {DLX_SYMMETRY_NONE, 0, 31, 30, 0, DLX_ERR_ARG}, {DLX_SYMMETRY_NONE, 0, -1, 30, 0, DLX_ERR_ARG},
        {DLX_SYMMETRY_NONE, 0, 10, 121, 0, DLX_ERR_ARG}, {DLX_SYMMETRY_NONE, 0, INT_MIN, INT_MAX, 0, DLX_ERR_ARG},
        {4, 0, 10, 20, 0, DLX_ERR_ARG}, {DLX_SYMMETRY_NONE, -1, 10, 20, 0, DLX_ERR_ARG},
        {DLX_SYMMETRY_NONE, 0, 10, 20, -1, DLX_ERR_ARG}, {DLX_SYMMETRY_NONE, 0, 115, 120, 50, DLX_TIMEOUT},
        {DLX_SYMMETRY_NONE, 3, 10, 120, 20, DLX_TIMEOUT},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        int rating = -77;
        memset(a, '#', sizeof a);
        int rc = dlx_generate9_rated(5, bad[k].symmetry, bad[k].givens, bad[k].lo, bad[k].hi, bad[k].max_ms, a, &rating);
        int untouched = rating == -77;
        for (size_t i = 0; i < sizeof a; i++) untouched &= a[i] == '#';
        CHECK(rc == bad[k].want && untouched, "generate9_rated bad case %zu: status %d", k, rc);
    }
    int rating = -77;
    CHECK(dlx_generate9_rated(5, DLX_SYMMETRY_NONE, 0, 10, 20, 0, NULL, &rating) == DLX_ERR_NULL && rating == -77,
          "generate9_rated NULL");
    CHECK(dlx_generate9_rated(5, DLX_SYMMETRY_NONE, 0, 30, 20, 0, NULL, &rating) == DLX_ERR_NULL, "NULL before a bad range");
}

/* The rater and hints from C: a singles-only puzzle walked to the end by dlx_hint9 (each step
 * filling a cell with the solution's digit), its rating the hardest step, and the statuses. */
static void test_rate_and_hint(void) {
    const char *euler = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    char grid[DLX9_OUT_LEN], solution[DLX9_OUT_LEN];
    CHECK(dlx_solve9(euler, solution) == DLX_OK, "euler solves");
    memcpy(grid, euler, DLX9_OUT_LEN);
    int hardest = 0, steps = 0, rc;
    dlx_step step;
    while ((rc = dlx_hint9(grid, &step, 0)) == DLX_OK && steps < 81) {
        CHECK(step.cell >= 0 && step.cell < 81 && grid[step.cell] == '0', "hint fills a blank: %d", step.cell);
        CHECK(step.digit + '0' == solution[step.cell], "hint %s places the solution's digit", step.name);
        CHECK(step.rating >= 10 && strlen(step.name) > 0 && step.name[DLX_STEP_NAME_LEN - 1] == 0, "hint fields");
        grid[step.cell] = (char)('0' + step.digit);
        hardest = step.rating > hardest ? step.rating : hardest;
        steps++;
    }
    CHECK(rc == 1 && strcmp(grid, solution) == 0, "hints finish the grid: %d after %d steps", rc, steps);
    CHECK(dlx_rate9(euler, 0) == hardest && hardest == 12, "rate9 is the hardest hint: %d", hardest);
    char blank[DLX9_OUT_LEN];
    memset(blank, '.', 81), blank[81] = 0;
    CHECK(dlx_rate9(blank, 0) == DLX_MULTIPLE, "rate9 of the empty grid");
    memset(&step, 0x5A, sizeof step);
    CHECK(dlx_hint9(blank, &step, 0) == DLX_MULTIPLE && ((unsigned char *)&step)[0] == 0x5A, "hint9 multiple");
    CHECK(dlx_rate9("11", 0) == DLX_ERR_LENGTH && dlx_rate9(NULL, 0) == DLX_ERR_NULL, "rate9 errors");
    CHECK(dlx_rate9(euler, -1) == DLX_ERR_ARG && dlx_hint9(euler, NULL, 0) == DLX_ERR_NULL, "rate9/hint9 args");
}

int main(int argc, char **argv) {
    if (take_data_dir(argc, argv, 0, "")) return 2;
    printf("libdlx %s, header %s\n", dlx_version(), DLX_VERSION);
    test_strerror_and_version();
    test_judge_sample();
    test_status_codes();
    test_whitespace_and_in_place();
    test_small_stacks();
    const struct corpus corpora[] = {
        {"poj3076-sample-1", ".solutions.txt"},
        {"gecode-janko-55", ".solutions.txt"},
        {"goomii17-hexasudoku-3000", ".solutions.txt"},
        {"lloyd-amos-acs-general-1900", ".nsol.txt"},
        {"enjoysudoku-monstersudoku-metcalf-2", ".solutions.txt"},
        {"enjoysudoku-tarek-first20-20", ".solutions.txt"},
        {"enjoysudoku-tarek-tough-206", ".solutions.txt"},
        {"enjoysudoku-blue-ultimate-15", ".solutions.txt"},
    };
    for (size_t i = 0; i < sizeof corpora / sizeof corpora[0]; i++) test_corpus(&corpora[i]);
    test_target_status();
    test_generate();
    test_generate_rated();
    test_rate_and_hint();
    test_target_set("csu1605_samples");
    test_target_set("noip2009");
    test_target_set("generated-stress-90");
    return report("harness");
}
