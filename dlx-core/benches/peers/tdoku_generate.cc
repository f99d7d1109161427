// tdoku's generator as a peer for `make bench-generate` (tdoku from ../shared/peers, compiled
// beside this file at bench time, never kept in the repository): N puzzles made the way its
// `generate` program makes each candidate (TdokuConstrain adds random clues to an empty grid
// until the solution is unique, TdokuMinimize then drops every clue it can in random order:
// one pass leaves a minimal puzzle, since a clue needed with more givens is needed with fewer),
// without its pool and scoring. Prints each puzzle on a line, then "seconds S" for the loop.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tdoku.h"

int main(int argc, char **argv) {
    const long n = argc > 1 ? std::atol(argv[1]) : 100;
    static char puzzles[100000][82];
    if (n <= 0 || n > 100000) return 2;
    auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < n; i++) {
        char *puzzle = puzzles[i];
        std::memset(puzzle, '.', 81);
        puzzle[81] = '\0';
        if (!TdokuConstrain(false, puzzle)) return 1;
        TdokuMinimize(false, false, puzzle);
    }
    auto t1 = std::chrono::steady_clock::now();
    for (long i = 0; i < n; i++) std::printf("%s\n", puzzles[i]);
    std::printf("seconds %.6f\n", std::chrono::duration<double>(t1 - t0).count());
    return 0;
}
