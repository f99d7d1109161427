/*
 * POJ 3076 / ZOJ 3122 / LA 2659 "Sudoku" judge program on libdlx.
 *
 * Reads grids from standard input, each 16 lines of 16 cells (A..P, '-' for a blank), separated
 * by blank lines, until end of file; prints each solution in the same format and order, with a
 * blank line between grids. A grid the library rejects is reported on standard error (with
 * dlx_strerror's sentence, and for a bad cell its line, row and column), nothing is printed
 * for it, and the exit status becomes 1.
 *
 *   cc -Iinclude examples/poj3076.c target/release/libdlx.a -o poj3076
 */
#include <stdio.h>

#include "dlx.h"

/* Room for 16 lines of generous length; a longer grid is passed on cut short, and the
 * library then reports its length. */
#define GRID_TEXT 4096

static int printed, failed, grids;

/* Where the first byte the library rejects lies, `text` starting on input line `line`: the
 * line, the grid's row (its lines with cells, counted from 1) and the column (the cell's
 * place in that row). */
static void report_bad_cell(const char *text, int line) {
    int row = 1, column = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            line++;
            if (column) row++;
            column = 0;
        } else if (*p != ' ' && *p != '\t' && *p != '\r') {
            column++;
            if ((*p < 'A' || *p > 'P') && *p != '-' && *p != '.') {
                fprintf(stderr, "grid %d, line %d, row %d, column %d: %s\n", grids, line, row, column,
                        dlx_strerror(DLX_ERR_CELL));
                return;
            }
        }
    }
}

static void solve(const char *text, int first_line) {
    char solution[DLX16_OUT_LEN];
    int rc = dlx_solve16(text, solution);
    grids++;
    if (rc != DLX_OK) {
        if (rc == DLX_ERR_CELL) {
            report_bad_cell(text, first_line);
        } else {
            fprintf(stderr, "grid %d: %s\n", grids, dlx_strerror(rc));
        }
        failed = 1;
        return;
    }
    if (printed++) putchar('\n');
    for (int row = 0; row < 16; row++) printf("%.16s\n", solution + 16 * row);
}

int main(void) {
    char text[GRID_TEXT + 1];
    int len = 0, lines = 0, line_has_cells = 0, c;
    int input_line = 1, first_line = 1; /* the line being read, and where the grid's text began */
    while ((c = getchar()) != EOF) {
        if (c == '\n') {
            lines += line_has_cells;
            line_has_cells = 0;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            line_has_cells = 1;
        }
        if (len < GRID_TEXT) text[len++] = (char)c;
        if (c == '\n') input_line++;
        if (lines == 16) {
            text[len] = '\0';
            solve(text, first_line);
            len = lines = 0;
            first_line = input_line;
        }
    }
    if (line_has_cells || lines > 0) { /* a last grid without its final newline, or cut short */
        text[len] = '\0';
        solve(text, first_line);
    }
    return failed;
}
