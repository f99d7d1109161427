/*
 * POJ 1084 "Square Destroyer" judge program on libdlx's least repeat cover.
 *
 * An n x n grid (n <= 5) is made of 2n(n+1) unit matchsticks, numbered from 1 left to right
 * and top to bottom: each band holds first the n horizontal sticks of a grid line, then the
 * n + 1 vertical sticks below it (so a band has 2n + 1 sticks, and the last line's horizontal
 * sticks close the numbering). Some sticks may be missing already. Print the fewest further
 * sticks to remove so that no square of any size is left whole.
 *
 * Input: T, then T cases: a line with n, and a line with k followed by the k missing sticks'
 * numbers. Output: one line a case, the number of sticks.
 *
 * Mapping: a square still whole (none of its 4s sticks missing) is a primary item that must
 * be destroyed, that is covered at least once: dlx_problem_bounds(item, 1, options). Each stick
 * still there is an option of cost 1 covering the whole squares it lies on. The fewest sticks
 * are the least repeat cover, dlx_problem_minimum; a grid with no whole square needs none.
 * Input it cannot read, or a stick number out of range, gives exit status 2.
 *
 *   cc -Iinclude examples/poj1084.c target/release/libdlx.a -o poj1084
 */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

#define MAX_N 5
#define MAX_STICKS (2 * MAX_N * (MAX_N + 1))
#define MAX_SQUARES 55 /* 25 + 16 + 9 + 4 + 1 */

/* Stick numbers, from 0: horizontal stick `c` of grid line `r`, vertical `c` of row `r`. */
static int horizontal(int n, int r, int c) { return r * (2 * n + 1) + c; }
static int vertical(int n, int r, int c) { return r * (2 * n + 1) + n + c; }

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 2;
    while (t-- > 0) {
        int n, k;
        char missing[MAX_STICKS] = {0};
        if (scanf("%d %d", &n, &k) != 2 || n < 1 || n > MAX_N || k < 0) return 2;
        int sticks = 2 * n * (n + 1);
        for (int j = 0; j < k; j++) {
            int s;
            if (scanf("%d", &s) != 1 || s < 1 || s > sticks) return 2;
            missing[s - 1] = 1;
        }
        /* on[s][q]: stick s lies on whole square q. */
        char on[MAX_STICKS][MAX_SQUARES];
        memset(on, 0, sizeof on);
        int squares = 0;
        for (int size = 1; size <= n; size++)
            for (int r = 0; r + size <= n; r++)
                for (int c = 0; c + size <= n; c++) {
                    int edge[4 * MAX_N], count = 0, whole = 1;
                    for (int d = 0; d < size; d++) {
                        edge[count++] = horizontal(n, r, c + d);
                        edge[count++] = horizontal(n, r + size, c + d);
                        edge[count++] = vertical(n, r + d, c);
                        edge[count++] = vertical(n, r + d, c + size);
                    }
                    for (int e = 0; e < count; e++) whole &= !missing[edge[e]];
                    if (!whole) continue;
                    for (int e = 0; e < count; e++) on[edge[e]][squares] = 1;
                    squares++;
                }
        if (squares == 0) {
            printf("0\n");
            continue;
        }
        size_t size = dlx_problem_size(squares, sticks, (int64_t)sticks * squares);
        void *memory = NULL;
        if (posix_memalign(&memory, DLX_PROBLEM_ALIGN, size) != 0) return 2;
        dlx_problem *problem = dlx_problem_init(memory, size, squares, 0, sticks, (int64_t)sticks * squares);
        if (!problem) return 2;
        int options = 0;
        for (int s = 0; s < sticks; s++) {
            int32_t items[MAX_SQUARES], count = 0;
            for (int q = 0; q < squares; q++)
                if (on[s][q]) items[count++] = q;
            if (count > 0 && dlx_problem_add_option(problem, items, NULL, count, 1) >= 0) options++;
        }
        for (int q = 0; q < squares; q++) dlx_problem_bounds(problem, q, 1, options);
        int32_t chosen[MAX_STICKS];
        int32_t removed = dlx_problem_minimum(problem, chosen, MAX_STICKS, 0);
        free(memory);
        if (removed < 0) return 2;
        printf("%d\n", removed);
    }
    return 0;
}
