// POJ 3076 / ZOJ 3122 / LA 2659 "Sudoku" judge program on libdlx, in C++: the same behaviour
// as examples/poj3076.c. Reads grids of 16 non-blank lines (A..P, '-' for a blank) until end
// of file, prints each solution as 16 lines with a blank line between grids; a grid the library
// rejects is reported on standard error (for a bad cell with its line, row and column),
// nothing is printed for it, and the exit status is 1.
//
//   c++ -std=c++17 -Iinclude examples/poj3076.cpp $(pkg-config --cflags --libs dlx)
#include <iostream>
#include <string>
#include <vector>

#include "dlx.h"

namespace {

// The grid's lines with cells, and the input line each came from.
struct Grid {
    std::vector<std::string> rows;
    std::vector<int> lines;
};

// Reports the first cell the library rejects: its input line, row and column.
void report_bad_cell(const Grid &grid, int number) {
    for (std::size_t row = 0; row < grid.rows.size(); ++row) {
        int column = 0;
        for (const char c : grid.rows[row]) {
            if (c == ' ' || c == '\t' || c == '\r') continue;
            ++column;
            if ((c < 'A' || c > 'P') && c != '-' && c != '.') {
                std::cerr << "grid " << number << ", line " << grid.lines[row] << ", row " << row + 1 << ", column "
                          << column << ": " << dlx_strerror(DLX_ERR_CELL) << '\n';
                return;
            }
        }
    }
}

// One grid's text as the judge read it; the library skips the line ends itself.
bool solve_and_print(const Grid &grid, int number, bool &printed_before) {
    std::string text;
    for (const std::string &row : grid.rows) text += row + '\n';
    char solution[DLX16_OUT_LEN];
    const int rc = dlx_solve16(text.c_str(), solution);
    if (rc == DLX_ERR_CELL) {
        report_bad_cell(grid, number);
        return false;
    }
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
    std::string line;
    Grid grid;
    int number = 0, input_line = 0;
    bool ok = true, printed = false;
    while (std::getline(std::cin, line)) {
        ++input_line;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        grid.rows.push_back(line);
        grid.lines.push_back(input_line);
        if (grid.rows.size() == 16) {
            ok &= solve_and_print(grid, ++number, printed);
            grid = Grid{};
        }
    }
    if (!grid.rows.empty()) ok &= solve_and_print(grid, ++number, printed);  // cut short: a length error
    return ok ? 0 : 1;
}
