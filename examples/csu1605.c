/*
 * CSU 1605 / NOIP 2009 "Target Sudoku" judge program on libdlx.
 *
 * Reads T, then T grids of 9 lines of 9 digits (0 for a blank), from standard input, and prints
 * the largest score over all completions of each grid, or -1 when it has none, one per line.
 * Input the library rejects (a value outside 0..9) or input that ends early is reported on
 * standard error, and the exit status becomes 1.
 *
 *   cc -Iinclude examples/csu1605.c target/release/libdlx.a -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
 */
#include <stdio.h>

#include "dlx.h"

int main(void) {
    int cases;
    if (scanf("%d", &cases) != 1) {
        fprintf(stderr, "expected the number of grids\n");
        return 1;
    }
    int failed = 0;
    for (int k = 1; k <= cases; k++) {
        int grid[DLX9_CELLS];
        for (int i = 0; i < DLX9_CELLS; i++) {
            if (scanf("%d", &grid[i]) != 1) {
                fprintf(stderr, "grid %d: input ends before its 81 cells\n", k);
                return 1;
            }
        }
        int result = dlx_target_max(grid, NULL);
        if (result == DLX_UNSOLVABLE || result > 0) {
            printf("%d\n", result);
        } else {
            fprintf(stderr, "grid %d: %s\n", k, dlx_strerror(result));
            failed = 1;
        }
    }
    return failed;
}
