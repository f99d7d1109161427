/*
 * Every Sudoku job of the header beyond dlx_solve16 and dlx_target_max: 9x9 solving, solution
 * counts and time limits, through the public header only.
 *
 *   jobs DATA_DIR
 *
 * Answers are checked against the corpora's known solutions and counts (tests/data), every
 * returned grid against the rules, every error against its status with the output untouched,
 * and every time limit against the clock (loosely: a call limited to 1 ms must be back within
 * 2 s, on any machine, under any sanitizer).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

/* A complete 9x9 grid of 1..9 agreeing with the givens of `puzzle` ('.', '0' or '-' blank);
 * NULL or what is wrong. */
static const char *invalid_nine(const char *puzzle, const char *grid) {
    if (strlen(grid) != 81) return "not 81 cells then NUL";
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            char r = grid[u * 9 + k], c = grid[k * 9 + u], b = grid[((u / 3) * 3 + k / 3) * 9 + (u % 3) * 3 + k % 3];
            if (r < '1' || r > '9' || c < '1' || c > '9' || b < '1' || b > '9') return "a cell outside 1..9";
            row |= 1u << (r - '0');
            col |= 1u << (c - '0');
            box |= 1u << (b - '0');
        }
        if (row != 0x3FE || col != 0x3FE || box != 0x3FE) return "a digit repeats in a unit";
    }
    for (int i = 0; i < 81; i++)
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != grid[i]) return "a given changed";
    return NULL;
}

/* Every `step`-th puzzle of a 9x9 file: dlx_solve9 gives the known solution (or, where the
 * file lists counts, a valid one), dlx_count9 up to 2 gives the known count. */
static void test_nine(const char *name, const char *answers_suffix, size_t step) {
    char path[256], answers_path[256];
    snprintf(path, sizeof path, "sudoku9/%s.txt", name);
    snprintf(answers_path, sizeof answers_path, "sudoku9/%s%s", name, answers_suffix);
    char *text = read_file(path), *answers_text = read_file(answers_path);
    CHECK(text && answers_text, "read %s", name);
    if (text && answers_text) {
        static char *puzzles[3000], *answers[3000];
        size_t n = split_lines(text, puzzles, 3000), n_answers = split_lines(answers_text, answers, 3000);
        int exact = strcmp(answers_suffix, ".solutions.txt") == 0;
        size_t checked = 0;
        double start = now_us();
        for (size_t i = 0; i < n && i < n_answers; i += step) {
            if (strlen(puzzles[i]) != 81) continue;
            unsigned char out[GUARDED_LEN];
            fill(out);
            int rc = dlx_solve9(puzzles[i], (char *)out);
            const char *why = rc != DLX_OK ? "status not DLX_OK" : invalid_nine(puzzles[i], (char *)out);
            if (!why && exact && memcmp(out, answers[i], 82) != 0) why = "differs from the known solution";
            if (!why && !untouched(out, DLX9_OUT_LEN)) why = "wrote past DLX9_OUT_LEN";
            int64_t count = dlx_count9(puzzles[i], 2, 0);
            int64_t want = exact ? 1 : atoi(answers[i]);
            if (!why && count != want) why = "count differs from the known one";
            CHECK(why == NULL, "%s line %zu: %s (status %d, count %lld)", name, i + 1, why ? why : "", rc,
                  (long long)count);
            checked++;
        }
        CHECK(checked > 0, "%s: puzzles checked", name);
        printf("  %-44s %5zu solved and counted, mean %.0f us\n", name, checked, (now_us() - start) / (double)checked);
    }
    free(text);
    free(answers_text);
}

/* dlx_count16 up to 2 on every `step`-th puzzle of the lloyd-amos set equals its listed count. */
static void test_count16(size_t step) {
    char *text = read_file("sudoku16/lloyd-amos-acs-general-1900.txt");
    char *counts = read_file("sudoku16/lloyd-amos-acs-general-1900.nsol.txt");
    CHECK(text && counts, "read the lloyd-amos set");
    if (text && counts) {
        static char *puzzles[2000], *answers[2000];
        size_t n = split_lines(text, puzzles, 2000), n_answers = split_lines(counts, answers, 2000);
        size_t unique = 0, several = 0;
        for (size_t i = 0; i < n && i < n_answers; i += step) {
            if (strlen(puzzles[i]) != 256) continue;
            int64_t count = dlx_count16(puzzles[i], 2, 0);
            CHECK(count == atoi(answers[i]), "lloyd-amos line %zu: count %lld, listed %s", i + 1, (long long)count,
                  answers[i]);
            unique += count == 1;
            several += count == 2;
            CHECK(dlx_count16(puzzles[i], 1, 0) == 1, "lloyd-amos line %zu: count up to 1", i + 1);
        }
        CHECK(unique > 20 && several > 20, "both kinds checked: %zu unique, %zu several", unique, several);
    }
    free(text);
    free(counts);
}

/* The empty grids, as text. */
static char blank9[82], blank16[257];

static void test_status_codes(void) {
    unsigned char out[GUARDED_LEN];

    /* dlx_solve9: every error leaves the output as it was. */
    struct {
        const char *what, *text;
        int want;
    } cases[] = {
        {"short", "123", DLX_ERR_LENGTH},
        {"empty", "", DLX_ERR_LENGTH},
        {"a letter", "A", DLX_ERR_CELL},
        {"two 5s in a row", "55", DLX_UNSOLVABLE},
    };
    char text[200];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(text, sizeof text, "%s", cases[i].text);
        if (cases[i].want == DLX_UNSOLVABLE) snprintf(text, sizeof text, "%s%.*s", cases[i].text, 79, blank9);
        fill(out);
        int rc = dlx_solve9(text, (char *)out);
        CHECK(rc == cases[i].want && untouched(out, 0), "dlx_solve9 %s: status %d, wanted %d", cases[i].what, rc,
              cases[i].want);
    }
    fill(out);
    CHECK(dlx_solve9(NULL, (char *)out) == DLX_ERR_NULL && untouched(out, 0), "dlx_solve9 NULL puzzle");
    CHECK(dlx_solve9(blank9, NULL) == DLX_ERR_NULL, "dlx_solve9 NULL solution");
    char long9[100];
    memset(long9, '0', 82);
    long9[82] = '\0';
    CHECK(dlx_solve9(long9, (char *)out) == DLX_ERR_LENGTH, "dlx_solve9: 82 cells");
    /* Blanks: '.', '0' and '-'; whitespace anywhere; in place. */
    char spaced[200];
    snprintf(spaced, sizeof spaced, " 0-.%.*s\n\t\r", 78, blank9);
    char copy[200];
    memcpy(copy, spaced, sizeof copy);
    CHECK(dlx_solve9(copy, copy) == DLX_OK && !invalid_nine(blank9, copy), "dlx_solve9 in place, blanks and spaces");
    fill(out);
    CHECK(dlx_solve9(blank9, (char *)out) == DLX_OK && memcmp(out, copy, 82) == 0, "the same grid every time");

    /* The counts. */
    CHECK(dlx_count9(NULL, 2, 0) == DLX_ERR_NULL && dlx_count16(NULL, 2, 0) == DLX_ERR_NULL, "count: NULL");
    CHECK(dlx_count9(blank9, 0, 0) == DLX_ERR_ARG && dlx_count16(blank16, -1, 0) == DLX_ERR_ARG, "limit below 1");
    CHECK(dlx_count9(blank9, 2, -1) == DLX_ERR_ARG && dlx_count16(blank16, 2, INT64_MIN) == DLX_ERR_ARG,
          "negative time");
    CHECK(dlx_count9("12", 2, 0) == DLX_ERR_LENGTH && dlx_count16("AB?", 2, 0) == DLX_ERR_CELL, "count: bad text");
    CHECK(dlx_count9(blank9, 5, 0) == 5 && dlx_count16(blank16, 3, 0) == 3, "the empty grids: up to the limit");
    snprintf(text, sizeof text, "11%.*s", 79, blank9);
    CHECK(dlx_count9(text, 2, 0) == 0, "repeated givens: 0 solutions");

    /* The time-limited twins give the same answers as the plain calls when given time. */
    char *sample = read_file("judges/poj3076-sample.in");
    unsigned char plain[GUARDED_LEN];
    fill(plain);
    fill(out);
    CHECK(sample && dlx_solve16(sample, (char *)plain) == DLX_OK &&
              dlx_solve16_within(sample, (char *)out, 60000) == DLX_OK && memcmp(out, plain, GUARDED_LEN) == 0,
          "dlx_solve16_within with time: dlx_solve16's answer");
    fill(out);
    CHECK(dlx_solve16_within(sample, (char *)out, -1) == DLX_ERR_ARG && untouched(out, 0), "solve16: negative time");
    CHECK(dlx_solve16_within(NULL, (char *)out, 5) == DLX_ERR_NULL, "solve16_within: NULL");
    free(sample);
    char *nine = read_file("sudoku9/norvig-hardest-11.txt");
    if (nine) nine[strcspn(nine, "\n")] = '\0'; /* its first puzzle */
    fill(plain);
    fill(out);
    CHECK(nine && dlx_solve9(nine, (char *)plain) == DLX_OK && dlx_solve9_within(nine, (char *)out, 60000) == DLX_OK &&
              memcmp(out, plain, GUARDED_LEN) == 0,
          "dlx_solve9_within with time: dlx_solve9's answer");
    fill(out);
    CHECK(dlx_solve9_within(nine, (char *)out, -1) == DLX_ERR_ARG && untouched(out, 0), "solve9: negative time");
    CHECK(dlx_solve9_within(NULL, (char *)out, 5) == DLX_ERR_NULL && dlx_solve9_within(nine, NULL, 5) == DLX_ERR_NULL,
          "solve9_within: NULL");
    CHECK(dlx_solve9_within("12", (char *)out, 5) == DLX_ERR_LENGTH && untouched(out, 0), "solve9_within: short");
    free(nine);
    int grid[81] = {0}, best[81], best_plain[81];
    for (int i = 0; i < 81; i++) best[i] = -9;
    CHECK(dlx_target_max_within(grid, best, -1) == DLX_ERR_ARG && best[0] == -9, "target: negative time");
    CHECK(dlx_target_max_within(NULL, best, 0) == DLX_ERR_NULL, "target_within: NULL");
    CHECK(dlx_target_max(grid, best_plain) == 2906 && dlx_target_max_within(grid, best, 60000) == 2906 &&
              memcmp(best, best_plain, sizeof best) == 0,
          "dlx_target_max_within with time: dlx_target_max's answer");
}

/* Inputs that run far past 1 ms: the call must come back with DLX_TIMEOUT, soon. */
static void test_time_limits(void) {
    double t0 = now_us();
    int64_t n9 = dlx_count9(blank9, INT64_MAX, 1);
    double t9 = now_us() - t0;
    CHECK(n9 == DLX_TIMEOUT && t9 < 2e6, "count9 of the empty grid, 1 ms: %lld after %.0f us", (long long)n9, t9);
    t0 = now_us();
    int64_t n16 = dlx_count16(blank16, INT64_MAX, 1);
    double t16 = now_us() - t0;
    CHECK(n16 == DLX_TIMEOUT && t16 < 2e6, "count16 of the empty grid, 1 ms: %lld after %.0f us", (long long)n16, t16);
    t0 = now_us();
    n16 = dlx_count16(blank16, INT64_MAX, 50);
    t16 = now_us() - t0;
    CHECK(n16 == DLX_TIMEOUT && t16 >= 50e3 && t16 < 2e6, "count16, 50 ms: %lld after %.0f us", (long long)n16, t16);

    /* dlx_solve9_within at 1 ms on the hardest 9x9 set: a valid solution in time, or
       DLX_TIMEOUT with the output untouched, and back soon either way. */
    char *hard9 = read_file("sudoku9/forum-hardest-1106-375.txt");
    static char *lines9[400];
    size_t n9_lines = hard9 ? split_lines(hard9, lines9, 400) : 0;
    CHECK(n9_lines == 375, "forum-hardest: %zu puzzles", n9_lines);
    for (size_t i = 0; i < n9_lines; i++) {
        unsigned char out[GUARDED_LEN];
        fill(out);
        t0 = now_us();
        int rc = dlx_solve9_within(lines9[i], (char *)out, 1);
        double dt = now_us() - t0;
        CHECK((rc == DLX_TIMEOUT && untouched(out, 0)) || (rc == DLX_OK && !invalid_nine(lines9[i], (char *)out)),
              "forum-hardest %zu within 1 ms: status %d", i + 1, rc);
        CHECK(dt < 2e6, "forum-hardest %zu within 1 ms: back after %.0f us", i + 1, dt);
    }
    free(hard9);

    /* The slowest 16x16 puzzles known take tens of milliseconds. */
    char *text = read_file("sudoku16/enjoysudoku-blue-ultimate-15.txt");
    static char *lines[20];
    size_t n = text ? split_lines(text, lines, 20) : 0;
    int timed_out = 0;
    for (size_t i = 0; i < n; i++) {
        if (strlen(lines[i]) != 256) continue;
        unsigned char out[GUARDED_LEN];
        fill(out);
        t0 = now_us();
        int rc = dlx_solve16_within(lines[i], (char *)out, 1);
        double dt = now_us() - t0;
        CHECK((rc == DLX_TIMEOUT && untouched(out, 0)) || (rc == DLX_OK && !invalid_solution(lines[i], (char *)out)),
              "blue-ultimate %zu within 1 ms: status %d", i + 1, rc);
        CHECK(dt < 2e6, "blue-ultimate %zu within 1 ms: back after %.0f us", i + 1, dt);
        timed_out += rc == DLX_TIMEOUT;
    }
    CHECK(timed_out >= 10, "most blue-ultimate puzzles take over 1 ms: %d of %zu timed out", timed_out, n);
    free(text);

    /* A near-empty Target Sudoku grid that takes the pattern bound's search (fuzz regression). */
    int grid[81] = {0}, best[81];
    grid[4] = 6;
    grid[66] = 6;
    grid[67] = 1;
    for (int i = 0; i < 81; i++) best[i] = -9;
    t0 = now_us();
    int rc = dlx_target_max_within(grid, best, 1);
    double dt = now_us() - t0;
    CHECK(rc == DLX_TIMEOUT && best[0] == -9 && best[80] == -9 && dt < 2e6,
          "target_max within 1 ms on a slow grid: %d after %.0f us", rc, dt);
    CHECK(dlx_target_max_within(grid, best, 0) == 2904 && !invalid_target(grid, best, 2904),
          "the same grid with no limit: 2904");
}

int main(int argc, char **argv) {
    if (take_data_dir(argc, argv, 0, "")) return 2;
    memset(blank9, '.', 81);
    memset(blank16, '-', 256);
    test_status_codes();
    test_time_limits();
    test_nine("magictour-top1465-1465", ".solutions.txt", 7);
    test_nine("forum-hardest-1106-375", ".solutions.txt", 3);
    test_nine("forum-hardest-1905-11plus-every20th-2439", ".solutions.txt", 11);
    test_nine("royle-17clue-every20th-2458", ".solutions.txt", 11);
    test_nine("norvig-top95-95", ".solutions.txt", 1);
    test_nine("norvig-hardest-11", ".solutions.txt", 1);
    test_nine("serg-benchmark-first1000-1000", ".nsol.txt", 5);
    test_count16(5);
    return report("jobs");
}
