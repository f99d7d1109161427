/*
 * 25x25 Sudoku through libdlx's general exact cover, in memory this program allocates: one
 * option per (cell, letter) a cell may hold, covering four primary items (the cell is filled,
 * its row, column and 5x5 box have the letter).
 *
 * Reads puzzles from standard input, one a line: 625 cells, 'A'..'Y' a given, '-' or '.' a
 * blank. Prints each solution as 625 letters on a line, after checking it (every row, column
 * and box a permutation, every given kept), or "unsolvable", or "timeout" past the time limit
 * (milliseconds, the first argument; default 10000). Exit status 1 if any line was not solved.
 *
 *   cc -Iinclude examples/sudoku25.c target/release/libdlx.a -o sudoku25
 */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

#define N 25
#define CELLS (N * N)

struct grid {
    int cell[CELLS]; /* 0 blank, 1..25 */
    int32_t option_cell[CELLS * N], option_letter[CELLS * N];
};

static int take_solution(void *context, const int32_t *options, int32_t count) {
    struct grid *g = context;
    for (int32_t k = 0; k < count; k++) g->cell[g->option_cell[options[k]]] = g->option_letter[options[k]];
    return 1;
}

/* Every row, column and box holds each letter once. */
static int valid(const int *cell) {
    for (int unit = 0; unit < 3 * N; unit++) {
        int seen = 0;
        for (int k = 0; k < N; k++) {
            int r, c;
            if (unit < N) r = unit, c = k;
            else if (unit < 2 * N) r = k, c = unit - N;
            else r = ((unit - 2 * N) / 5) * 5 + k / 5, c = ((unit - 2 * N) % 5) * 5 + k % 5;
            int v = cell[r * N + c];
            if (v < 1 || v > N || (seen >> v) & 1) return 0;
            seen |= 1 << v;
        }
    }
    return 1;
}

int main(int argc, char **argv) {
    long max_ms = argc > 1 ? atol(argv[1]) : 10000;
    static char line[4096];
    static struct grid g;
    int failed = 0;
    int32_t options = CELLS * N;
    size_t size = dlx_problem_size(4 * CELLS, options, 4 * (int64_t)options);
    void *memory = NULL;
    if (posix_memalign(&memory, DLX_PROBLEM_ALIGN, size) != 0) return 2;
    if (!memory) return 2;
    while (fgets(line, sizeof line, stdin)) {
        int n = 0, bad = 0;
        for (const char *p = line; *p && *p != '\n' && *p != '\r'; p++) {
            int v = (*p == '-' || *p == '.') ? 0 : (*p >= 'A' && *p <= 'Y') ? *p - 'A' + 1 : -1;
            if (v < 0 || n == CELLS) bad = 1;
            else g.cell[n++] = v;
        }
        if (bad || n != CELLS) {
            printf("invalid\n");
            failed = 1;
            continue;
        }
        int givens[CELLS];
        memcpy(givens, g.cell, sizeof givens);
        dlx_problem *p = dlx_problem_init(memory, size, 4 * CELLS, 0, options, 4 * (int64_t)options);
        int32_t added = 0;
        for (int cell = 0; cell < CELLS; cell++) {
            int r = cell / N, c = cell % N, b = (r / 5) * 5 + c / 5;
            for (int v = 1; v <= N; v++) {
                if (g.cell[cell] && g.cell[cell] != v) continue; /* a given allows its letter only */
                int32_t items[4] = {cell, CELLS + r * N + v - 1, 2 * CELLS + c * N + v - 1, 3 * CELLS + b * N + v - 1};
                int32_t index = dlx_problem_add(p, items, 4);
                if (index != added++) return 2;
                g.option_cell[index] = cell;
                g.option_letter[index] = v;
            }
        }
        int64_t found = dlx_problem_search(p, 1, max_ms, take_solution, &g);
        if (found == 1) {
            int kept = 1;
            for (int k = 0; k < CELLS; k++) kept &= !givens[k] || givens[k] == g.cell[k];
            if (!kept || !valid(g.cell)) {
                printf("wrong\n");
                failed = 1;
                continue;
            }
            for (int k = 0; k < CELLS; k++) putchar('A' + g.cell[k] - 1);
            putchar('\n');
        } else {
            printf("%s\n", found == 0 ? "unsolvable" : found == DLX_TIMEOUT ? "timeout" : dlx_strerror((int)found));
            failed = 1;
        }
    }
    free(memory);
    return failed;
}
