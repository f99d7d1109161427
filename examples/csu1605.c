/*
 * CSU 1605 / NOIP 2009 "Target Sudoku" judge program on libdlx.
 *
 * Reads either judge's input from standard input: CSU's (T alone on the first line, then T
 * grids of 9 lines of 9 digits) or NOIP's (one grid of 9 lines, no T), told apart by the first
 * line: a single number is CSU's T. 0 is a blank. Prints the largest score over all completions of each grid, or -1
 * when it has none, one per line. A grid it cannot read (a value outside 0..9, or input that
 * ends early) gets no answer: it is reported on standard error with its line, row and column,
 * and the exit status becomes 1.
 *
 *   cc -Iinclude examples/csu1605.c target/release/libdlx.a -o csu1605
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "dlx.h"

/* One whitespace-separated word of the input: its value if it is a whole number that fits an
 * int, and the line it stands on. */
struct token {
    int value, is_number, line;
};

static int line = 1;

static int next_token(struct token *t) {
    int c;
    while ((c = getchar()) != EOF && (c == ' ' || c == '\t' || c == '\r' || c == '\n'))
        if (c == '\n') line++;
    if (c == EOF) return 0;
    char word[32];
    size_t n = 0;
    do {
        if (n + 1 < sizeof word) word[n++] = (char)c;
    } while ((c = getchar()) != EOF && c != ' ' && c != '\t' && c != '\r' && c != '\n');
    if (c != EOF) ungetc(c, stdin);
    word[n] = '\0';
    char *end;
    long v = strtol(word, &end, 10);
    t->is_number = *end == '\0' && n > 0 && n + 1 < sizeof word && v >= INT_MIN && v <= INT_MAX;
    t->value = t->is_number ? (int)v : -1;
    t->line = line;
    return 1;
}

/* Solves one grid whose 81 cells are `cells`; returns 0 when it printed an answer. */
static int solve(int k, const struct token *cells) {
    int grid[DLX9_CELLS];
    for (int i = 0; i < DLX9_CELLS; i++) {
        if (!cells[i].is_number || cells[i].value < 0 || cells[i].value > 9) {
            fprintf(stderr, "grid %d, line %d, row %d, column %d: %s\n", k, cells[i].line, i / 9 + 1, i % 9 + 1,
                    dlx_strerror(DLX_ERR_CELL));
            return 1;
        }
        grid[i] = cells[i].value;
    }
    int result = dlx_target_max(grid, NULL);
    if (result != DLX_UNSOLVABLE && result <= 0) {
        fprintf(stderr, "grid %d: %s\n", k, dlx_strerror(result));
        return 1;
    }
    printf("%d\n", result);
    return 0;
}

int main(void) {
    struct token first[DLX9_CELLS + 1];
    int count = 0;
    while (count < DLX9_CELLS + 1 && next_token(&first[count])) count++;
    if (count > 1 && first[1].line == first[0].line) { /* NOIP: one grid, its first line full */
        if (count < DLX9_CELLS) {
            fprintf(stderr, "grid 1: input ends before its 81 cells\n");
            return 1;
        }
        return solve(1, first);
    }
    if (count == 0 || !first[0].is_number || first[0].value < 0) {
        fprintf(stderr, "line %d: expected the number of grids\n", count ? first[0].line : line);
        return 1;
    }
    int cases = first[0].value, failed = 0;
    struct token cells[DLX9_CELLS];
    int have = count - 1; /* the tokens after T already read */
    for (int i = 0; i < have; i++) cells[i] = first[i + 1];
    for (int k = 1; k <= cases; k++) {
        while (have < DLX9_CELLS && next_token(&cells[have])) have++;
        if (have < DLX9_CELLS) {
            fprintf(stderr, "grid %d: input ends before its 81 cells\n", k);
            return 1;
        }
        failed |= solve(k, cells);
        have = 0;
    }
    return failed;
}
