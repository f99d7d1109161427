// POJ 3076 / ZOJ 3122 / LA 2659 "Sudoku" judge program on libdlx, in C++: the same behaviour
// as examples/poj3076.c. Reads grids of 16 non-blank lines (A..P, '-' for a blank) until end
// of file, prints each solution as 16 lines with a blank line between grids; a grid the library
// rejects is reported on standard error, nothing is printed for it, and the exit status is 1.
//
//   c++ -std=c++17 -Iinclude examples/poj3076.cpp $(pkg-config --cflags --libs dlx)
#include <iostream>
#include <string>

#include "dlx.h"

namespace {

// One grid's text as the judge read it; the library skips the line ends itself.
bool solve_and_print(const std::string &grid, int number, bool &printed_before) {
    char solution[DLX16_OUT_LEN];
    const int rc = dlx_solve16(grid.c_str(), solution);
    if (rc != DLX_OK) {
        std::cerr << "grid " << number << ": " << dlx_strerror(rc) << '\n';
        return false;
    }
    if (printed_before) std::cout << '\n';
    printed_before = true;
    for (int row = 0; row < 16; ++row) std::cout << std::string(solution + 16 * row, 16) << '\n';
    return true;
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    std::string line, grid;
    int lines = 0, number = 0;
    bool ok = true, printed = false;
    while (std::getline(std::cin, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        grid += line;
        grid += '\n';
        if (++lines == 16) {
            ok &= solve_and_print(grid, ++number, printed);
            grid.clear();
            lines = 0;
        }
    }
    if (lines > 0) ok &= solve_and_print(grid, ++number, printed);  // cut short: a length error
    return ok ? 0 : 1;
}
