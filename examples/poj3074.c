/*
 * POJ 3074 "Sudoku" judge program on libdlx.
 *
 * Reads puzzles from standard input, one a line: 81 cells, '1'..'9' a given, '.' a blank
 * ('0' and '-' too), until a line "end" or end of file; prints each solution as 81 digits on a
 * line of its own, in input order. A line the library rejects is reported on standard error
 * with its line number (and, for a bad cell, its row and column), nothing is printed for it,
 * and the exit status becomes 1.
 *
 *   cc -Iinclude examples/poj3074.c target/release/libdlx.a -o poj3074
 */
#include <stdio.h>
#include <string.h>

#include "dlx.h"

/* Reports where the first byte the library would reject lies: cell k of the grid is at row
 * k / 9 + 1, column k % 9 + 1. */
static void report_bad_cell(int line, const char *text) {
    int cell = 0;
    for (const char *p = text; *p; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') continue;
        if ((*p < '0' || *p > '9') && *p != '.' && *p != '-') {
            fprintf(stderr, "line %d, row %d, column %d: %s ('%c')\n", line, cell / 9 + 1, cell % 9 + 1,
                    dlx_strerror(DLX_ERR_CELL), *p);
            return;
        }
        cell++;
    }
}

int main(void) {
    char text[1024];
    int line = 0, failed = 0;
    while (fgets(text, sizeof text, stdin)) {
        line++;
        if (strncmp(text, "end", 3) == 0) break;
        if (!strchr(text, '\n') && !feof(stdin)) { /* longer than any puzzle: skip the rest */
            int c;
            while ((c = getchar()) != EOF && c != '\n') {}
            fprintf(stderr, "line %d: %s\n", line, dlx_strerror(DLX_ERR_LENGTH));
            failed = 1;
            continue;
        }
        if (strspn(text, " \t\r\n") == strlen(text)) continue; /* a blank line */
        char solution[DLX9_OUT_LEN];
        int rc = dlx_solve9(text, solution);
        if (rc == DLX_OK) {
            printf("%s\n", solution);
        } else {
            if (rc == DLX_ERR_CELL) {
                report_bad_cell(line, text);
            } else {
                fprintf(stderr, "line %d: %s\n", line, dlx_strerror(rc));
            }
            failed = 1;
        }
    }
    return failed;
}
