/*
 * Concurrency on small stacks: 8 threads, each with a 256 KiB stack, call dlx_solve16,
 * dlx_target_max, dlx_solve9 and dlx_count9 thousands of times on a mix of solvable,
 * unsolvable and malformed inputs, and
 * every result (status and output bytes) must equal the answer computed first on the main
 * thread. Any shared state, race or stack overflow in the library shows up as a mismatch or a
 * crash.
 *
 *   threads DATA_DIR [CALLS_PER_THREAD]
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>

#include "check.h"

enum { THREADS = 8, STACK = 256 * 1024, MAX_CASES = 128 };

struct solve_case {
    const char *puzzle; /* may be NULL */
    int rc;
    char out[DLX16_OUT_LEN];
};

struct target_case {
    const int *grid; /* may be NULL */
    int rc;
    int best[81];
};

struct nine_case {
    const char *puzzle; /* may be NULL */
    int rc;
    int64_t count;
    char out[DLX9_OUT_LEN];
};

static struct solve_case solves[MAX_CASES];
static struct target_case targets[MAX_CASES];
static struct nine_case nines[MAX_CASES];
static size_t n_solves, n_targets, n_nines;
static long calls_per_thread = 2000;

struct worker {
    int id;
    long calls, mismatches;
    char first_mismatch[160];
};

static void note(struct worker *w, const char *what, size_t index, int rc, int want) {
    if (w->mismatches++ == 0)
        snprintf(w->first_mismatch, sizeof w->first_mismatch, "%s case %zu: status %d, single-threaded %d", what, index,
                 rc, want);
}

static void *work(void *arg) {
    struct worker *w = arg;
    unsigned state = 2463534242u + (unsigned)w->id * 7919u;
    for (long k = 0; k < calls_per_thread; k++) {
        state ^= state << 13, state ^= state >> 17, state ^= state << 5;
        w->calls++;
        if (state % 7 == 0) {
            size_t i = state / 7 % n_nines;
            char out[DLX9_OUT_LEN + 8];
            memset(out, 0x5A, sizeof out);
            int rc = dlx_solve9(nines[i].puzzle, out);
            int64_t count = dlx_count9(nines[i].puzzle, 2, 0);
            int same = rc == nines[i].rc && count == nines[i].count &&
                       (rc == DLX_OK ? memcmp(out, nines[i].out, DLX9_OUT_LEN) == 0 : (unsigned char)out[0] == 0x5A) &&
                       (unsigned char)out[DLX9_OUT_LEN] == 0x5A;
            if (!same) note(w, "dlx_solve9/dlx_count9", i, rc, nines[i].rc);
        } else if (state % 3 != 0) {
            size_t i = state / 3 % n_solves;
            char out[DLX16_OUT_LEN + 8];
            memset(out, 0x5A, sizeof out);
            int rc = dlx_solve16(solves[i].puzzle, out);
            int same = rc == solves[i].rc &&
                       (rc == DLX_OK ? memcmp(out, solves[i].out, DLX16_OUT_LEN) == 0 : (unsigned char)out[0] == 0x5A) &&
                       (unsigned char)out[DLX16_OUT_LEN] == 0x5A;
            if (!same) note(w, "dlx_solve16", i, rc, solves[i].rc);
        } else {
            size_t i = state / 3 % n_targets;
            int best[82];
            best[0] = best[81] = -7;
            int rc = dlx_target_max(targets[i].grid, best);
            int same = rc == targets[i].rc && best[81] == -7 &&
                       (rc > 0 ? memcmp(best, targets[i].best, sizeof targets[i].best) == 0 : best[0] == -7);
            if (!same) note(w, "dlx_target_max", i, rc, targets[i].rc);
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (take_data_dir(argc, argv, 1, " [CALLS_PER_THREAD]")) return 2;
    if (argc > 2) calls_per_thread = atol(argv[2]);

    char *goomii = read_file("sudoku16/goomii17-hexasudoku-3000.txt");
    char *gecode = read_file("sudoku16/gecode-janko-55.txt");
    char *noip = read_file("target/noip2009.txt");
    char *hardest = read_file("sudoku9/forum-hardest-1106-375.txt");
    char *serg = read_file("sudoku9/serg-benchmark-first1000-1000.txt");
    CHECK(goomii && gecode && noip && hardest && serg, "read the data");
    if (!goomii || !gecode || !noip || !hardest || !serg) return report("threads");

    /* 16x16: solvable puzzles, unsolvable ones, malformed text, NULL. */
    static char *lines[3000];
    size_t n = split_lines(goomii, lines, 3000);
    for (size_t i = 0; i < n && n_solves < 40; i += 75) solves[n_solves++].puzzle = lines[i];
    n = split_lines(gecode, lines, 3000);
    for (size_t i = 0; i < n && n_solves < 60; i += 3) solves[n_solves++].puzzle = lines[i];
    int from_corpora = (int)n_solves;
    static char unsolvable[4][257];
    for (int u = 0; u < 4; u++) {
        memset(unsolvable[u], '-', 256);
        unsolvable[u][256] = '\0';
    }
    unsolvable[0][0] = unsolvable[0][15] = 'A';                      /* row */
    unsolvable[1][3] = unsolvable[1][15 * 16 + 3] = 'C';             /* column */
    for (int c = 1; c < 16; c++) unsolvable[2][c] = (char)('A' + c); /* nothing fits (0,0) */
    unsolvable[2][4 * 16] = 'A';
    for (int c = 2; c < 16; c++) unsolvable[3][c] = (char)('A' + c); /* two cells need A */
    unsolvable[3][4 * 16] = 'B', unsolvable[3][8 * 16 + 1] = 'B';
    for (int u = 0; u < 4; u++) solves[n_solves++].puzzle = unsolvable[u];
    static const char *malformed[] = {"", "ABC", "AB?", "\n\n\n", NULL};
    for (size_t i = 0; i < sizeof malformed / sizeof malformed[0]; i++) solves[n_solves++].puzzle = malformed[i];
    static char too_long[300];
    memset(too_long, '-', 299);
    solves[n_solves++].puzzle = too_long;

    /* 9x9: every NOIP grid (case 1 has no completion), the empty grid, a near-empty grid that
     * takes the pattern bound's search (the largest stack use; tests/target.rs), bad values,
     * NULL. */
    static int grids[81 * 20], empty[81], sparse[81], bad[81], repeated[81];
    size_t n_ints = read_ints(noip, grids, 81 * 20);
    for (size_t k = 0; k + 81 <= n_ints; k += 81) targets[n_targets++].grid = grids + k;
    bad[40] = 10;
    repeated[0] = repeated[80] = 0, repeated[10] = repeated[20] = 4;
    targets[n_targets++].grid = empty;
    sparse[1 * 9 + 3] = 9, sparse[6 * 9 + 0] = 9, sparse[8 * 9 + 2] = 7;
    targets[n_targets++].grid = sparse;
    targets[n_targets++].grid = bad;
    targets[n_targets++].grid = repeated;
    targets[n_targets++].grid = NULL;

    /* 9x9 for dlx_solve9 and dlx_count9: hard unique puzzles, puzzles with several
     * solutions, repeated givens, malformed text, NULL. */
    n = split_lines(hardest, lines, 3000);
    for (size_t i = 0; i < n && n_nines < 20; i += 17) nines[n_nines++].puzzle = lines[i];
    static char *serg_lines[1000];
    n = split_lines(serg, serg_lines, 1000);
    for (size_t i = 0; i < n && n_nines < 30; i += 97) nines[n_nines++].puzzle = serg_lines[i];
    static char repeated9[82];
    memset(repeated9, '.', 81);
    repeated9[0] = repeated9[80] = '3';
    repeated9[8] = '3';
    nines[n_nines++].puzzle = repeated9;
    static const char *malformed9[] = {"", "12", "1x", NULL};
    for (size_t i = 0; i < sizeof malformed9 / sizeof malformed9[0]; i++) nines[n_nines++].puzzle = malformed9[i];

    /* The answers, single-threaded. */
    int unique = 0, several = 0;
    for (size_t i = 0; i < n_nines; i++) {
        nines[i].rc = dlx_solve9(nines[i].puzzle, nines[i].out);
        nines[i].count = dlx_count9(nines[i].puzzle, 2, 0);
        unique += nines[i].rc == DLX_OK && nines[i].count == 1;
        several += nines[i].rc == DLX_OK && nines[i].count == 2;
    }
    CHECK(unique == 20 && several == 10 && nines[30].count == 0 && nines[30].rc == DLX_UNSOLVABLE,
          "the 9x9 mix: %d unique, %d with several solutions", unique, several);
    int kinds[5] = {0};
    for (size_t i = 0; i < n_solves; i++) {
        solves[i].rc = dlx_solve16(solves[i].puzzle, solves[i].out);
        if (solves[i].rc <= 0 && solves[i].rc >= -4) kinds[-solves[i].rc]++;
        if (solves[i].rc == DLX_OK) CHECK(!invalid_solution(solves[i].puzzle, solves[i].out), "case %zu valid", i);
    }
    CHECK(kinds[0] == from_corpora && kinds[1] == 4 && kinds[2] == 1 && kinds[3] == 4 && kinds[4] == 1,
          "the 16x16 mix: %d of %d solved, %d unsolvable, %d NULL, %d length, %d cell", kinds[0], from_corpora, kinds[1],
          kinds[2], kinds[3], kinds[4]);
    int solved = 0;
    for (size_t i = 0; i < n_targets; i++) {
        targets[i].rc = dlx_target_max(targets[i].grid, targets[i].best);
        solved += targets[i].rc > 0;
    }
    CHECK(solved == 21 && n_targets == 25, "the 9x9 mix: %d of %zu solved", solved, n_targets);
    CHECK(targets[n_ints / 81 + 1].rc == 2892, "the near-empty grid: %d, HiGHS's MIP says 2892",
          targets[n_ints / 81 + 1].rc);

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    CHECK(pthread_attr_setstacksize(&attr, STACK) == 0, "a 256 KiB stack size is accepted");
    pthread_t ids[THREADS];
    struct worker workers[THREADS];
    int started = 0;
    double t0 = now_us();
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (struct worker){.id = t};
        if (pthread_create(&ids[t], &attr, work, &workers[t]) == 0) started++;
        else break;
    }
    CHECK(started == THREADS, "started %d of %d threads", started, THREADS);
    long total = 0;
    for (int t = 0; t < started; t++) {
        pthread_join(ids[t], NULL);
        total += workers[t].calls;
        CHECK(workers[t].calls == calls_per_thread && workers[t].mismatches == 0, "thread %d: %ld of %ld calls differ; %s",
              t, workers[t].mismatches, workers[t].calls, workers[t].first_mismatch);
    }
    pthread_attr_destroy(&attr);
    printf("threads: %ld calls on %d threads of 256 KiB in %.1f s\n", total, started, (now_us() - t0) / 1e6);
    free(goomii);
    free(gecode);
    free(noip);
    free(hardest);
    free(serg);
    return report("threads");
}
