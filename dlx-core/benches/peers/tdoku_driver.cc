// Times tdoku (../shared/peers/tdoku, compiled beside this file at bench time, never kept in
// the repository) on puzzles read from standard input, one 81-character line each: for every
// puzzle, the best of RUNS times of the first solution (limit 1) and of counting up to 2, in
// microseconds, then the solution (any, when there are several; "-" for none) and the count
// up to 2, on one line.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "tdoku.h"

int main(int argc, char **argv) {
    const int runs = argc > 1 ? std::atoi(argv[1]) : 3;
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.size() < 81) continue;
        char puzzle[82];
        std::memcpy(puzzle, line.data(), 81);
        puzzle[81] = '\0';
        for (char &c : puzzle)
            if (c == '0' || c == '-') c = '.';
        char solution[82] = {0};
        size_t guesses = 0, count = 0;
        double best_first = 1e300, best_count = 1e300;
        for (int r = 0; r < runs; r++) {
            auto t0 = std::chrono::steady_clock::now();
            TdokuSolverDpllTriadSimd(puzzle, 1, 0, solution, &guesses);
            auto t1 = std::chrono::steady_clock::now();
            count = TdokuSolverDpllTriadSimd(puzzle, 2, 0, nullptr, &guesses);
            auto t2 = std::chrono::steady_clock::now();
            best_first = std::min(best_first, std::chrono::duration<double, std::micro>(t1 - t0).count());
            best_count = std::min(best_count, std::chrono::duration<double, std::micro>(t2 - t1).count());
        }
        // "-" for no solution, so that every line has four fields.
        std::printf("%.3f %.3f %.81s %zu\n", best_first, best_count, solution[0] ? solution : "-", count);
    }
    return 0;
}
