/*
 * N-queens by exact cover with secondary items: the rows and columns are primary items (each
 * holds exactly one queen), the diagonals secondary (at most one). Prints "N count" for each N
 * on the command line (default 1 to 12), and the first placement with -p.
 *
 *   cc -Iinclude examples/queens.c target/release/libdlx.a -o queens && ./queens 8 -p
 */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

static int print_first(void *context, const int32_t *options, int32_t count) {
    int n = *(int *)context;
    /* Option r * n + c is square (r, c); they come ascending, so rows come in order. */
    for (int32_t k = 0; k < count; k++) {
        for (int c = 0; c < n; c++) putchar(c == options[k] % n ? 'Q' : '.');
        putchar('\n');
    }
    return 1;
}

/* Number of placements of n queens, or a negative status; prints the first with `show`. */
static int64_t queens(int n, int show) {
    int32_t primary = 2 * n, secondary = 2 * (2 * n - 1), options = n * n;
    size_t size = dlx_problem_size(primary + secondary, options, 4 * (int64_t)options);
    void *memory = NULL;
    if (posix_memalign(&memory, DLX_PROBLEM_ALIGN, size) != 0) return DLX_ERR_NULL;
    dlx_problem *p = dlx_problem_init(memory, size, primary, secondary, options, 4 * (int64_t)options);
    if (!p) return DLX_ERR_NULL;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            /* row r, column c, diagonal r + c, anti-diagonal r - c + n - 1 */
            int32_t items[4] = {r, n + c, 2 * n + r + c, 2 * n + (2 * n - 1) + (r - c + n - 1)};
            dlx_problem_add(p, items, 4);
        }
    }
    if (show) dlx_problem_search(p, 1, 0, print_first, &n);
    int64_t count = dlx_problem_search(p, INT64_MAX, 0, NULL, NULL);
    free(memory);
    return count;
}

int main(int argc, char **argv) {
    int show = 0, any = 0;
    for (int k = 1; k < argc; k++) show |= strcmp(argv[k], "-p") == 0;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "-p") == 0) continue;
        int n = atoi(argv[k]);
        if (n < 1 || n > 20) {
            fprintf(stderr, "usage: queens [-p] [N ...]   (1 <= N <= 20)\n");
            return 2;
        }
        printf("%d %lld\n", n, (long long)queens(n, show));
        any = 1;
    }
    for (int n = 1; !any && n <= 12; n++) printf("%d %lld\n", n, (long long)queens(n, show));
    return 0;
}
