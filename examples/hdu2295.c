/*
 * HDU 2295 "Radar" judge program on libdlx's repeat cover with a cost limit.
 *
 * N cities must be covered by radars; of M radar stations at most K can be operated (K
 * operators), all with the same radius R. Print the least R for which K stations cover every
 * city, rounded to six decimals.
 *
 * Input: T, then T cases: a line "N M K" (1 <= N, M <= 50, 1 <= K <= M), N lines with a
 * city's coordinates "x y", then M lines with a station's (0 <= x, y <= 1000). Output: one
 * line a case, the radius as "%.6f".
 *
 * The least R is the distance from some city to some station, so the program sorts those
 * N * M distances (as squares, no rounding) and bisects on them. At a radius r the question
 * "do K stations cover every city?" is a repeat cover: an item for each city, bounded 1..M
 * (covered at least once, by any number of stations: dlx_problem_bounds), an option for each
 * station holding the cities within r, each of cost 1; dlx_problem_at_most(problem, K, ...)
 * answers it (DLX_UNSOLVABLE when no K stations do). Input it cannot read gives exit status 2.
 *
 *   cc -Iinclude examples/hdu2295.c target/release/libdlx.a -lm -o hdu2295
 */
#define _POSIX_C_SOURCE 200112L /* posix_memalign */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "dlx.h"

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Whether k of the m stations cover all n cities at squared radius r2: d2[c * m + s] is the
 * squared distance from city c to station s. */
static int covers(const double *d2, int n, int m, int k, double r2, int32_t *cities, int32_t *chosen) {
    size_t size = dlx_problem_size(n, m, (int64_t)n * m);
    void *memory = NULL;
    if (posix_memalign(&memory, DLX_PROBLEM_ALIGN, size) != 0) exit(2);
    dlx_problem *problem = dlx_problem_init(memory, size, n, 0, m, (int64_t)n * m);
    if (!problem) exit(2);
    for (int c = 0; c < n; c++) dlx_problem_bounds(problem, c, 1, m);
    for (int s = 0; s < m; s++) {
        int32_t count = 0;
        for (int c = 0; c < n; c++)
            if (d2[c * m + s] <= r2) cities[count++] = c;
        if (count > 0) dlx_problem_add_option(problem, cities, NULL, count, 1);
    }
    int32_t found = dlx_problem_at_most(problem, k, chosen, m, 0);
    free(memory);
    if (found < DLX_UNSOLVABLE) exit(2);
    return found >= 0;
}

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 2;
    while (t-- > 0) {
        int n, m, k;
        if (scanf("%d %d %d", &n, &m, &k) != 3 || n < 1 || m < 1 || k < 1) return 2;
        double *x = malloc(((size_t)n + m) * sizeof *x), *y = malloc(((size_t)n + m) * sizeof *y);
        double *d2 = malloc((size_t)n * m * sizeof *d2), *sorted = malloc((size_t)n * m * sizeof *sorted);
        int32_t *cities = malloc((size_t)n * sizeof *cities), *chosen = malloc((size_t)m * sizeof *chosen);
        if (!x || !y || !d2 || !sorted || !cities || !chosen) return 2;
        for (int p = 0; p < n + m; p++)
            if (scanf("%lf %lf", &x[p], &y[p]) != 2) return 2;
        for (int c = 0; c < n; c++)
            for (int s = 0; s < m; s++) {
                double dx = x[c] - x[n + s], dy = y[c] - y[n + s];
                d2[c * m + s] = sorted[c * m + s] = dx * dx + dy * dy;
            }
        qsort(sorted, (size_t)n * m, sizeof *sorted, by_value);
        /* The largest distance always does (every station within it of every city). */
        size_t lo = 0, hi = (size_t)n * m - 1;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (covers(d2, n, m, k, sorted[mid], cities, chosen))
                hi = mid;
            else
                lo = mid + 1;
        }
        printf("%.6f\n", sqrt(sorted[lo]));
        free(chosen);
        free(cities);
        free(sorted);
        free(d2);
        free(y);
        free(x);
    }
    return 0;
}
