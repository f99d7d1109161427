/*
 * Word rectangles on libdlx's colors, after Knuth's WORD-RECT-DLX: fill an m x n grid with
 * letters so that every row reads a word of the first list and every column a word of the
 * second (a word may be used more than once).
 *
 * Input: a line "m n"; then p and p words of n letters (the rows' list); then q and q words
 * of m letters (the columns' list); words are lower-case letters, separated by white space.
 * Output: the first `show` rectangles (the program's argument, 0 when absent), each as m
 * lines followed by an empty line, then a line "N rectangles".
 *
 * Mapping: a primary item for each row and each column (it must get one word), a secondary
 * item for each cell. A row word w in row i is the option {row i, cell (i, j) colored w[j] for
 * every j}; a column word v in column j the option {column j, cell (i, j) colored v[i] for
 * every i}. Each cell is then named by one row option and one column option, and colors make
 * them agree on its letter: dlx_problem_add_option with colors, dlx_problem_search for all
 * solutions. A word of the wrong length or with another character is reported on standard
 * error and gives exit status 1; input it cannot read gives exit status 2.
 *
 *   cc -Iinclude examples/wordrect.c target/release/libdlx.a -o wordrect
 */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx.h"

#define MAX_SIDE 16

struct words {
    int count;
    char (*word)[MAX_SIDE + 1];
};

/* What the visitor needs to print a rectangle: the options' words and places. */
struct show {
    int m, n, left;
    const char **text;  /* option -> its word */
    const int32_t *row; /* option -> its row, or -1 for a column word */
};

static int print_rectangle(void *context, const int32_t *options, int32_t count) {
    struct show *s = context;
    if (s->left <= 0) return 0;
    s->left--;
    for (int i = 0; i < s->m; i++)
        for (int32_t k = 0; k < count; k++)
            if (s->row[options[k]] == i) printf("%s\n", s->text[options[k]]);
    printf("\n");
    return 0;
}

/* Reads a count and that many words of `length` lower-case letters; 0 on success. */
static int read_words(struct words *w, int length, const char *list) {
    if (scanf("%d", &w->count) != 1 || w->count < 0) return 2;
    w->word = malloc(((size_t)w->count + 1) * sizeof *w->word);
    if (!w->word) return 2;
    int bad = 0;
    for (int k = 0; k < w->count; k++) {
        char text[64];
        if (scanf("%63s", text) != 1) return 2;
        int ok = (int)strlen(text) == length;
        for (const char *c = text; ok && *c; c++) ok = *c >= 'a' && *c <= 'z';
        if (!ok) {
            fprintf(stderr, "%s word %d (%s): not %d lower-case letters\n", list, k + 1, text, length);
            bad = 1;
            continue;
        }
        memcpy(w->word[k], text, (size_t)length + 1);
    }
    return bad;
}

/* Adds the option placing `word` (`length` letters) on a row or column: its primary item
 * `line`, then cells first, first + step, ..., each colored by its letter. */
static int32_t add_word(dlx_problem *problem, int32_t line, int32_t first, int32_t step, const char *word,
                        int length) {
    int32_t items[MAX_SIDE + 1] = {line}, colors[MAX_SIDE + 1] = {0};
    for (int k = 0; k < length; k++) {
        items[k + 1] = first + k * step;
        colors[k + 1] = word[k];
    }
    return dlx_problem_add_option(problem, items, colors, length + 1, 1);
}

int main(int argc, char **argv) {
    int m, n;
    struct words rows, cols;
    struct show s = {0, 0, argc > 1 ? atoi(argv[1]) : 0, NULL, NULL};
    if (scanf("%d %d", &m, &n) != 2 || m < 1 || n < 1 || m > MAX_SIDE || n > MAX_SIDE) return 2;
    int bad = read_words(&rows, n, "row");
    if (bad == 2) return 2;
    int bad_cols = read_words(&cols, m, "column");
    if (bad_cols == 2) return 2;
    if (bad || bad_cols) return 1;

    int32_t options = m * rows.count + n * cols.count;
    int64_t entries = (int64_t)m * rows.count * (n + 1) + (int64_t)n * cols.count * (m + 1);
    /* Items: rows 0..m-1, columns m..m+n-1 (primary), then cell (i, j) at m + n + i * n + j. */
    size_t size = dlx_problem_size(m + n + m * n, options, entries);
    void *memory = NULL;
    if (size == 0 || posix_memalign(&memory, DLX_PROBLEM_ALIGN, size) != 0) return 2;
    dlx_problem *problem = dlx_problem_init(memory, size, m + n, m * n, options, entries);
    const char **text = malloc(((size_t)options + 1) * sizeof *text);
    int32_t *row = malloc(((size_t)options + 1) * sizeof *row);
    if (!problem || !text || !row) return 2;
    int32_t added = 0;
    for (int i = 0; i < m; i++)
        for (int w = 0; w < rows.count; w++) {
            if (add_word(problem, i, m + n + i * n, 1, rows.word[w], n) < 0) return 2;
            text[added] = rows.word[w];
            row[added++] = i;
        }
    for (int j = 0; j < n; j++)
        for (int w = 0; w < cols.count; w++) {
            if (add_word(problem, m + j, m + n + j, n, cols.word[w], m) < 0) return 2;
            text[added] = cols.word[w];
            row[added++] = -1;
        }
    s.m = m;
    s.n = n;
    s.text = text;
    s.row = row;
    int64_t found = dlx_problem_search(problem, INT64_MAX, 0, print_rectangle, &s);
    if (found < 0) return 2;
    printf("%lld rectangles\n", (long long)found);
    free(row);
    free(text);
    free(memory);
    free(cols.word);
    free(rows.word);
    return 0;
}
