/*
 * What the C test programs share: the CHECK counter, reading files under DATA_DIR, and the
 * validity checks of a 16x16 solution and of a Target Sudoku completion. Header-only (static
 * functions), included once by each program.
 */
#ifndef DLX_C_TESTS_CHECK_H
#define DLX_C_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx.h"

static long passed, failed;

#define CHECK(cond, ...)                                        \
    do {                                                        \
        if (cond) {                                             \
            passed++;                                           \
        } else {                                                \
            failed++;                                           \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);         \
            printf(__VA_ARGS__);                                \
            printf("\n");                                       \
        }                                                       \
    } while (0)

static const char *data_dir;

/* An output buffer with a canary tail, to see that nothing is written past DLX16_OUT_LEN and
 * that nothing at all is written on error. */
#define CANARY 0xA5
#define GUARDED_LEN (DLX16_OUT_LEN + 64)

static inline void fill(unsigned char *buf) { memset(buf, CANARY, GUARDED_LEN); }

static inline int untouched(const unsigned char *buf, size_t from) {
    for (size_t i = from; i < GUARDED_LEN; i++)
        if (buf[i] != CANARY) return 0;
    return 1;
}

static inline double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* ---- reading files ---------------------------------------------------------------------- */

static inline char *read_file(const char *relative) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", data_dir, relative);
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("cannot open %s\n", path);
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
        free(text);
        text = NULL;
    }
    fclose(f);
    if (text) text[size] = '\0';
    return text;
}

/* Splits text into lines in place (LF ends, CR dropped); returns the count, up to max. */
static inline size_t split_lines(char *text, char **lines, size_t max) {
    size_t n = 0;
    char *p = text;
    while (*p && n < max) {
        char *end = strchr(p, '\n');
        if (end) *end = '\0';
        size_t len = strlen(p);
        if (len && p[len - 1] == '\r') p[len - 1] = '\0';
        lines[n++] = p;
        if (!end) break;
        p = end + 1;
    }
    return n;
}

/* ---- what a solution must be ------------------------------------------------------------ */

/* A complete grid of A..P with each letter once per row, column and box, agreeing with the
 * givens of `puzzle` (256 cells, '-' or '.' blank). Returns NULL or what is wrong. */
static inline const char *invalid_solution(const char *puzzle, const char *grid) {
    if (strlen(grid) != 256) return "not 256 cells then NUL";
    for (int unit = 0; unit < 16; unit++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 16; k++) {
            int r_cell = unit * 16 + k;
            int c_cell = k * 16 + unit;
            int b_cell = ((unit / 4) * 4 + k / 4) * 16 + (unit % 4) * 4 + k % 4;
            for (int which = 0; which < 3; which++) {
                int cell = which == 0 ? r_cell : which == 1 ? c_cell : b_cell;
                char v = grid[cell];
                if (v < 'A' || v > 'P') return "a cell outside A..P";
                unsigned *seen = which == 0 ? &row : which == 1 ? &col : &box;
                *seen |= 1u << (v - 'A');
            }
        }
        if (row != 0xFFFF || col != 0xFFFF || box != 0xFFFF) return "a letter repeats in a unit";
    }
    for (int i = 0; i < 256; i++)
        if (puzzle[i] != '-' && puzzle[i] != '.' && puzzle[i] != grid[i]) return "a given changed";
    return NULL;
}

static inline int target_weight(int cell) {
    int dr = cell / 9 - 4, dc = cell % 9 - 4;
    if (dr < 0) dr = -dr;
    if (dc < 0) dc = -dc;
    return 10 - (dr > dc ? dr : dc);
}

/* NULL when `best` is a valid completion of `grid` scoring `score`, else what is wrong. */
static inline const char *invalid_target(const int *grid, const int *best, int score) {
    int total = 0;
    for (int i = 0; i < 81; i++) {
        if (best[i] < 1 || best[i] > 9) return "a cell outside 1..9";
        if (grid[i] && grid[i] != best[i]) return "a given changed";
        total += best[i] * target_weight(i);
    }
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            row |= 1u << best[u * 9 + k];
            col |= 1u << best[k * 9 + u];
            box |= 1u << best[((u / 3) * 3 + k / 3) * 9 + (u % 3) * 3 + k % 3];
        }
        if (row != 0x3FE || col != 0x3FE || box != 0x3FE) return "a digit repeats in a unit";
    }
    return total == score ? NULL : "best does not score the returned value";
}

/* Reads whitespace-separated ints; returns how many, up to max. */
static inline size_t read_ints(const char *text, int *out, size_t max) {
    size_t n = 0;
    char *end;
    while (n < max) {
        long v = strtol(text, &end, 10);
        if (end == text) break;
        out[n++] = (int)v;
        text = end;
    }
    return n;
}


/* Reads DATA_DIR from the command line (and at most `extra` more arguments, described by
 * `usage`); returns 0, or 1 after printing the usage line. */
static inline int take_data_dir(int argc, char **argv, int extra, const char *usage) {
    if (argc < 2 || argc > 2 + extra) {
        fprintf(stderr, "usage: %s DATA_DIR%s\n", argv[0], usage);
        return 1;
    }
    data_dir = argv[1];
    return 0;
}

/* The closing line the test runners read: "NAME: N passed, M failed"; returns the exit status. */
static inline int report(const char *name) {
    printf("%s: %ld passed, %ld failed\n", name, passed, failed);
    return failed ? 1 : 0;
}

#endif
