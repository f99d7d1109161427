/*
 * HDU 4069 "Squiggly Sudoku" judge program on libdlx's Sudoku variants (dlx_variant_solve).
 *
 * A 9x9 Sudoku whose nine regions are not boxes but any nine connected pieces of nine cells,
 * drawn by walls. Say whether the puzzle has no solution, several, or exactly one, and print
 * that one.
 *
 * Input: T, then T cases of nine lines of nine numbers, one a cell: the sum of its digit (0
 * blank, 1-9 given) and of its walls, 16 up, 32 right, 64 down, 128 left. Output: for case k
 * a line "Case k:", then "No solution", "Multiple Solutions", or the nine rows of the
 * solution as digits.
 *
 * Mapping: the regions are found by flooding the grid across the sides that carry no wall
 * (a wall on either cell's side separates them); the region map and the digits go to
 * dlx_variant_solve, libdlx's Sudoku with any regions, which counts to two and gives the first
 * solution. Walls that do not cut the grid into nine regions of nine cells are reported on
 * standard error and the case gets no answer (exit status 1); input it cannot read gives exit
 * status 2.
 *
 *   cc -Iinclude examples/hdu4069.c target/release/libdlx.a -o hdu4069
 */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <stdio.h>
#include <stdlib.h>

#include "dlx.h"

enum { UP = 16, RIGHT = 32, DOWN = 64, LEFT = 128 };

/* Gives every cell of `cell`'s region the number `r` (a depth-first flood); returns how many. */
static int flood(const int *value, int32_t *region, int cell, int r) {
    static const int wall[4] = {UP, RIGHT, DOWN, LEFT}, facing[4] = {DOWN, LEFT, UP, RIGHT};
    static const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
    int stack[81], top = 0, size = 0;
    region[cell] = r;
    stack[top++] = cell;
    while (top > 0) {
        int at = stack[--top], row = at / 9, col = at % 9;
        size++;
        for (int d = 0; d < 4; d++) {
            int nr = row + dr[d], nc = col + dc[d], next = nr * 9 + nc;
            if (nr < 0 || nr > 8 || nc < 0 || nc > 8 || region[next] >= 0) continue;
            if ((value[at] & wall[d]) || (value[next] & facing[d])) continue;
            region[next] = r;
            stack[top++] = next;
        }
    }
    return size;
}

int main(void) {
    int t, failed = 0;
    if (scanf("%d", &t) != 1) return 2;
    /* No extra units; the memory is reused by every case. */
    size_t size = dlx_variant_size(9, 0);
    void *memory = NULL;
    if (size == 0 || posix_memalign(&memory, DLX_PROBLEM_ALIGN, size) != 0) return 2;
    for (int k = 1; k <= t; k++) {
        int value[81], regions = 0, sizes_ok = 1;
        int32_t region[81];
        for (int c = 0; c < 81; c++) {
            if (scanf("%d", &value[c]) != 1 || value[c] < 0) return 2;
            region[c] = -1;
        }
        for (int c = 0; c < 81; c++)
            if (region[c] < 0) sizes_ok &= regions < 9 && flood(value, region, c, regions++) == 9;
        if (!sizes_ok) {
            fprintf(stderr, "case %d: the walls do not make nine regions of nine cells\n", k);
            failed = 1;
            continue;
        }
        char puzzle[82], solution[82];
        for (int c = 0; c < 81; c++) {
            int given = value[c] & 15;
            if (given > 9) return 2;
            puzzle[c] = (char)('0' + given);
        }
        puzzle[81] = '\0';
        int64_t found = dlx_variant_solve(memory, size, 9, region, 0, NULL, puzzle, solution, 2, 0);
        if (found < 0) return 2;
        printf("Case %d:\n", k);
        if (found == 0) {
            printf("No solution\n");
        } else if (found > 1) {
            printf("Multiple Solutions\n");
        } else {
            for (int r = 0; r < 9; r++) printf("%.9s\n", solution + r * 9);
        }
    }
    free(memory);
    return failed;
}
