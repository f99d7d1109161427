/*
 * Pentomino packing by exact cover: the 12 pieces and the board's cells are primary items, and
 * each option places one piece, in one of its orientations, on five cells. Prints the number
 * of placements for a ROWSxCOLS board (default 6x10; 3x20, 4x15, 5x12 and 6x10 have 60 cells)
 * and the number up to the board's symmetry (a rectangle's four: each packing is counted once
 * with its rotation by 180 degrees and its two mirror images).
 *
 *   cc -Iinclude examples/pentomino.c target/release/libdlx.a -o pentomino && ./pentomino 6x10
 */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <stdio.h>
#include <stdlib.h>

#include "dlx.h"

/* The 12 pentominoes F I L N P T U V W X Y Z, as (row, column) cells. */
static const int SHAPES[12][5][2] = {
    {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}, {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}},
    {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}}, {{0, 1}, {1, 1}, {2, 0}, {2, 1}, {3, 0}},
    {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}, {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}},
    {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}, {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}},
    {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}, {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}},
    {{0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1}}, {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}},
};

/* One orientation: cells shifted to the top left, sorted, so equal orientations compare equal. */
struct form {
    int cell[5][2];
};

static int less(const int *a, const int *b) { return a[0] != b[0] ? a[0] < b[0] : a[1] < b[1]; }

static struct form orient(int piece, int t) {
    struct form f;
    int min_r = 99, min_c = 99;
    for (int k = 0; k < 5; k++) {
        int r = SHAPES[piece][k][0], c = SHAPES[piece][k][1];
        for (int q = 0; q < t % 4; q++) { int old = r; r = c; c = -old; } /* quarter turns */
        if (t >= 4) c = -c;                                               /* then a mirror */
        f.cell[k][0] = r;
        f.cell[k][1] = c;
        if (r < min_r) min_r = r;
        if (c < min_c) min_c = c;
    }
    for (int k = 0; k < 5; k++) f.cell[k][0] -= min_r, f.cell[k][1] -= min_c;
    for (int i = 1; i < 5; i++) /* insertion sort of five cells */
        for (int j = i; j > 0 && less(f.cell[j], f.cell[j - 1]); j--) {
            int r = f.cell[j][0], c = f.cell[j][1];
            f.cell[j][0] = f.cell[j - 1][0], f.cell[j][1] = f.cell[j - 1][1];
            f.cell[j - 1][0] = r, f.cell[j - 1][1] = c;
        }
    return f;
}

static int same(const struct form *a, const struct form *b) {
    for (int k = 0; k < 5; k++)
        if (a->cell[k][0] != b->cell[k][0] || a->cell[k][1] != b->cell[k][1]) return 0;
    return 1;
}

int main(int argc, char **argv) {
    int rows = 6, cols = 10;
    if (argc > 2 || (argc == 2 && (sscanf(argv[1], "%dx%d", &rows, &cols) != 2 || rows * cols != 60 || rows < 1))) {
        fprintf(stderr, "usage: pentomino [ROWSxCOLS]   (60 cells: 3x20, 4x15, 5x12, 6x10, ...)\n");
        return 2;
    }
    /* At most 12 pieces x 8 orientations x 60 places options, 6 entries each. */
    int32_t max_options = 12 * 8 * 60;
    size_t size = dlx_problem_size(12 + rows * cols, max_options, 6 * (int64_t)max_options);
    void *memory = NULL;
    if (posix_memalign(&memory, DLX_PROBLEM_ALIGN, size) != 0) return 2;
    dlx_problem *p = dlx_problem_init(memory, size, 12 + rows * cols, 0, max_options, 6 * (int64_t)max_options);
    if (!p) return 2;
    for (int piece = 0; piece < 12; piece++) {
        struct form seen[8];
        int forms = 0;
        for (int t = 0; t < 8; t++) {
            struct form f = orient(piece, t);
            int dup = 0;
            for (int k = 0; k < forms; k++) dup |= same(&seen[k], &f);
            if (dup) continue;
            seen[forms++] = f;
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++) {
                    int32_t items[6] = {piece};
                    int fits = 1;
                    for (int k = 0; k < 5; k++) {
                        int y = r + f.cell[k][0], x = c + f.cell[k][1];
                        fits &= y < rows && x < cols;
                        items[k + 1] = 12 + y * cols + x;
                    }
                    if (fits && dlx_problem_add(p, items, 6) < 0) return 2;
                }
        }
    }
    int64_t count = dlx_problem_search(p, INT64_MAX, 0, NULL, NULL);
    if (count < 0) {
        fprintf(stderr, "%s\n", dlx_strerror((int)count));
        return 1;
    }
    printf("%dx%d: %lld placements, %lld up to symmetry (%lld nodes)\n", rows, cols, (long long)count,
           (long long)count / 4, (long long)dlx_problem_nodes(p));
    free(memory);
    return 0;
}
