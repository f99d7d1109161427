/*
 * HUST 1017 "Exact cover" judge program on libdlx's general exact cover.
 *
 * Reads test cases until end of input: a line "N M" (N rows, M columns), then N lines, each a
 * count c and c column numbers 1..M: the ones of that row. For each case prints the number of
 * rows in an exact cover (every column covered by exactly one chosen row) and the rows,
 * 1-based, ascending, on one line; or "NO" when there is none. Empty rows are never needed and
 * are left out. Input the library rejects (a column out of range or repeated in a row) is
 * reported on standard error with the row's number, and the exit status becomes 1.
 *
 *   cc -Iinclude examples/hust1017.c target/release/libdlx.a -o hust1017
 */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <stdio.h>
#include <stdlib.h>

#include "dlx.h"

/* The first exact cover found, copied out of the library's visitor. */
struct answer {
    int32_t count;
    int32_t *rows;
};

static int keep_first(void *context, const int32_t *options, int32_t count) {
    struct answer *a = context;
    for (int32_t k = 0; k < count; k++) a->rows[k] = options[k];
    a->count = count;
    return 1; /* one is enough */
}

int main(void) {
    int n, m, failed = 0;
    while (scanf("%d %d", &n, &m) == 2) {
        if (n < 0 || m < 0) return 2;
        int32_t *start = malloc(((size_t)n + 1) * sizeof *start);
        int32_t *row_of = malloc(((size_t)n + 1) * sizeof *row_of);
        int32_t *cols = NULL;
        size_t used = 0, room = 0;
        int options = 0, bad_input = 0;
        if (!start || !row_of) return 2;
        for (int r = 1; r <= n; r++) {
            int c;
            if (scanf("%d", &c) != 1 || c < 0) return 2;
            if (used + (size_t)c > room) {
                room = 2 * (used + (size_t)c) + 16;
                cols = realloc(cols, room * sizeof *cols);
                if (!cols) return 2;
            }
            for (int k = 0; k < c; k++) {
                int col;
                if (scanf("%d", &col) != 1) return 2;
                cols[used + (size_t)k] = col - 1; /* the library numbers items from 0 */
            }
            if (c == 0) continue;
            start[options] = (int32_t)used;
            row_of[options] = r;
            options++;
            used += (size_t)c;
        }
        start[options] = (int32_t)used;

        size_t size = dlx_problem_size(m, options, (int64_t)used);
        void *memory = NULL;
        if (size && posix_memalign(&memory, DLX_PROBLEM_ALIGN, size) != 0) memory = NULL;
        dlx_problem *problem = dlx_problem_init(memory, size, m, 0, options, (int64_t)used);
        if (!problem) return 2;
        for (int k = 0; k < options; k++) {
            int32_t rc = dlx_problem_add(problem, cols + start[k], start[k + 1] - start[k]);
            if (rc < 0) {
                fprintf(stderr, "row %d: %s\n", row_of[k], dlx_strerror(rc));
                bad_input = 1;
            }
        }
        struct answer a = {0, malloc(((size_t)m + 1) * sizeof(int32_t))};
        if (!a.rows) return 2;
        int64_t found = bad_input ? 0 : dlx_problem_search(problem, 1, 0, keep_first, &a);
        if (bad_input) {
            failed = 1;
        } else if (found == 1) {
            printf("%d", a.count);
            for (int32_t k = 0; k < a.count; k++) printf(" %d", row_of[a.rows[k]]);
            printf("\n");
        } else {
            printf("NO\n");
        }
        free(a.rows);
        free(memory);
        free(cols);
        free(row_of);
        free(start);
    }
    return failed;
}
