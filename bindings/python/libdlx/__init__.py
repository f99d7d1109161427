"""Python bindings for libdlx (ctypes, standard library only).

    import libdlx
    print(libdlx.solve9(puzzle_text))         # 81 digits 1..9
    print(libdlx.solve16(puzzle_text))        # 256 letters A..P
    print(libdlx.count16(puzzle_text, 2))     # 0, 1 or 2: none, unique, several
    print(libdlx.canon9(puzzle_text))         # the class's form, for deduplication
    score, best = libdlx.target_max(grid)     # grid: 81 ints, 0 blank
    answers = libdlx.solve_many(puzzles)      # on threads, in input order

    cover = libdlx.ExactCover(primary=3)      # any exact cover: items 0..2
    cover.add([0, 1]); cover.add([2]); cover.add([0]); cover.add([1, 2])
    list(cover.solutions())                   # [[0, 1], [2, 3]]
    cover.minimum()                           # [0, 1]
    named = libdlx.ExactCover("ab", ["x"])    # items named; colors, bounds and costs
    named.add("ax", colors={"x": "red"}, cost=2); named.set_bounds("b", 0, 1)
    named.minimum(), named.cost               # [0], 2
    big.count(threads=2)                      # one search on two threads, over pieces
    pieces = big.pieces(64)                   # lines such as "12 -8 40", for a cluster:
    sum(big.count(piece=p) for p in pieces)   # the same count (docs/scaling.md)

The solves, counts and target_max take a `max_ms` keyword (0, the default: no limit); past
it, libdlx.Timeout. Bad input raises libdlx.DlxError, a ValueError, that says what is wrong and
where (the row and column of a bad cell).

The shared library is found, in this order, at the path in the DLX_LIBRARY environment
variable, beside this module (where `pip install` puts it), in this repository's build
directory (target/release/libdlx.so, after `make`), or by the system loader
(libdlx.so.MAJOR, after `make install`). Calls release the GIL, so threads run them in
parallel; the library is reentrant and keeps no state.
"""

import collections
import collections.abc
import concurrent.futures
import ctypes
import ctypes.util
import math
import os
import queue
import re
import threading
import time
from typing import Dict, Hashable, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple, Union

__all__ = ["DlxError", "Unsolvable", "Timeout", "solve9", "solve16", "count9", "count16", "canon9", "target_max",
           "solve_many", "count_many", "solve_count_many", "ExactCover", "version", "library_path", "DLX_OK",
           "DLX_UNSOLVABLE", "DLX_ERR_NULL", "DLX_ERR_LENGTH", "DLX_ERR_CELL", "DLX_ERR_ARG", "DLX_ERR_CAPACITY",
           "DLX_TIMEOUT", "DLX_FAULT_NONE", "DLX_FAULT_EMPTY", "DLX_FAULT_OUT_OF_RANGE", "DLX_FAULT_REPEATED",
           "DLX_FAULT_NO_PRIMARY", "DLX_FAULT_OPTIONS_FULL", "DLX_FAULT_ENTRIES_FULL", "DLX_FAULT_COLOR_ON_PRIMARY",
           "DLX_FAULT_NEGATIVE_COLOR", "DLX_FAULT_NEGATIVE_COST"]

Text = Union[str, bytes, bytearray]

# The status codes of include/dlx.h (tests/test_dlx.py checks them against the header).
DLX_OK = 0
DLX_UNSOLVABLE = -1
DLX_ERR_NULL = -2
DLX_ERR_LENGTH = -3
DLX_ERR_CELL = -4
DLX_ERR_ARG = -5
DLX_ERR_CAPACITY = -6
DLX_TIMEOUT = -7
# (0.3) Returned by dlx_problem_search_cancel, dlx_problem_minimum_below_cancel and
# dlx_problem_at_most_cancel once their flag is set: used inside this module to stop searches
# whose results are no longer wanted; never raised.
_DLX_CANCELLED = -10
# What dlx_problem_fault says of a rejected option (DlxError.detail puts it in words).
DLX_FAULT_NONE = 0
DLX_FAULT_EMPTY = 1
DLX_FAULT_OUT_OF_RANGE = 2
DLX_FAULT_REPEATED = 3
DLX_FAULT_NO_PRIMARY = 4
DLX_FAULT_OPTIONS_FULL = 5
DLX_FAULT_ENTRIES_FULL = 6
DLX_FAULT_COLOR_ON_PRIMARY = 7
DLX_FAULT_NEGATIVE_COLOR = 8
DLX_FAULT_NEGATIVE_COST = 9
DLX16_OUT_LEN = 257
DLX9_CELLS = 81
DLX9_OUT_LEN = 82
# The soname's major version this module was written against.
_MAJOR = 0


def _candidates() -> List[str]:
    env = os.environ.get("DLX_LIBRARY")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    bundled = os.path.join(here, "libdlx.so")
    build = os.path.normpath(os.path.join(here, "..", "..", "..", "target", "release", "libdlx.so"))
    found = [path for path in (bundled, build) if os.path.exists(path)]
    return found + ["libdlx.so.%d" % _MAJOR, ctypes.util.find_library("dlx") or "libdlx.so"]


def _load() -> Tuple[ctypes.CDLL, str]:
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append("%s: %s" % (path, e))
            if os.environ.get("DLX_LIBRARY"):
                break
    raise ImportError("cannot load libdlx (set DLX_LIBRARY to its path): " + "; ".join(errors))


_lib, library_path = _load()
_lib.dlx_solve16_within.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int64]
_lib.dlx_solve16_within.restype = ctypes.c_int
_lib.dlx_solve9_within.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int64]
_lib.dlx_solve9_within.restype = ctypes.c_int
_lib.dlx_canon9.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_lib.dlx_canon9.restype = ctypes.c_int
for _count in (_lib.dlx_count9, _lib.dlx_count16):
    _count.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_int64]
    _count.restype = ctypes.c_int64
_lib.dlx_target_max_within.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), ctypes.c_int64]
_lib.dlx_target_max_within.restype = ctypes.c_int
_VISIT = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.c_int32)
_lib.dlx_problem_size.argtypes = [ctypes.c_int32, ctypes.c_int32, ctypes.c_int64]
_lib.dlx_problem_size.restype = ctypes.c_size_t
_lib.dlx_problem_init.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32,
                                  ctypes.c_int64]
_lib.dlx_problem_init.restype = ctypes.c_void_p
_lib.dlx_problem_add.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.c_int32]
_lib.dlx_problem_add.restype = ctypes.c_int32
_lib.dlx_problem_add_option.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_int32),
                                        ctypes.c_int32, ctypes.c_int32]
_lib.dlx_problem_add_option.restype = ctypes.c_int32
_lib.dlx_problem_bounds.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32, ctypes.c_int32]
_lib.dlx_problem_bounds.restype = ctypes.c_int
_lib.dlx_problem_fault.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_int32)]
_lib.dlx_problem_fault.restype = ctypes.c_int
_lib.dlx_fault_text.argtypes = [ctypes.c_int]
_lib.dlx_fault_text.restype = ctypes.c_char_p
_lib.dlx_problem_search.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, _VISIT, ctypes.c_void_p]
_lib.dlx_problem_search.restype = ctypes.c_int64
_lib.dlx_problem_search_cancel.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64,
                                           ctypes.POINTER(ctypes.c_int32), _VISIT, ctypes.c_void_p]
_lib.dlx_problem_search_cancel.restype = ctypes.c_int64
_lib.dlx_problem_minimum.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.c_int32, ctypes.c_int64]
_lib.dlx_problem_minimum.restype = ctypes.c_int32
_lib.dlx_problem_at_most.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_int32), ctypes.c_int32,
                                     ctypes.c_int64]
_lib.dlx_problem_at_most.restype = ctypes.c_int32
_lib.dlx_problem_cost.argtypes = [ctypes.c_void_p]
_lib.dlx_problem_cost.restype = ctypes.c_int64
_lib.dlx_problem_nodes.argtypes = [ctypes.c_void_p]
_lib.dlx_problem_nodes.restype = ctypes.c_int64
# Pieces (0.3): a piece set in a problem's memory, the split into pieces, the minimum below a
# bound the pieces share, and Knuth's estimate of the tree's size.
_lib.dlx_problem_piece.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32), ctypes.c_int32]
_lib.dlx_problem_piece.restype = ctypes.c_int
_lib.dlx_problem_split.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int32), ctypes.c_int64,
                                   ctypes.POINTER(ctypes.c_int64), ctypes.c_int64]
_lib.dlx_problem_split.restype = ctypes.c_int64
_lib.dlx_problem_split_work.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int32),
                                        ctypes.c_int64, ctypes.POINTER(ctypes.c_int64),
                                        ctypes.POINTER(ctypes.c_int64), ctypes.c_int64]
_lib.dlx_problem_split_work.restype = ctypes.c_int64
_lib.dlx_problem_minimum_below.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_int32),
                                           ctypes.c_int32, ctypes.c_int64]
_lib.dlx_problem_minimum_below.restype = ctypes.c_int32
_lib.dlx_problem_estimate.argtypes = [
    ctypes.c_void_p, ctypes.c_int32, ctypes.c_uint64, ctypes.POINTER(ctypes.c_double), ctypes.c_int64]
_lib.dlx_problem_estimate.restype = ctypes.c_int
# (0.3) The cost searches with the cancel flag that dlx_problem_search_cancel has, and the
# estimate as mantissa and binary exponent, past a double's range.
_lib.dlx_problem_minimum_below_cancel.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_int32),
                                                  ctypes.c_int32, ctypes.c_int64, ctypes.POINTER(ctypes.c_int32)]
_lib.dlx_problem_minimum_below_cancel.restype = ctypes.c_int32
_lib.dlx_problem_at_most_cancel.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_int32),
                                            ctypes.c_int32, ctypes.c_int64, ctypes.POINTER(ctypes.c_int32)]
_lib.dlx_problem_at_most_cancel.restype = ctypes.c_int32
_lib.dlx_problem_estimate_size.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_uint64,
                                           ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_int64),
                                           ctypes.c_int64]
_lib.dlx_problem_estimate_size.restype = ctypes.c_int
_lib.dlx_strerror.argtypes = [ctypes.c_int]
_lib.dlx_strerror.restype = ctypes.c_char_p
_lib.dlx_version.argtypes = []
_lib.dlx_version.restype = ctypes.c_char_p


class DlxError(ValueError):
    """A status code from libdlx other than success: `.code`, `.message` (dlx_strerror's
    sentence), where known `.row` and `.column` (1-based) of the cell at fault, and `.detail`
    (what exactly is wrong, or None)."""

    def __init__(self, code: int, row: Optional[int] = None, column: Optional[int] = None,
                 detail: Optional[str] = None):
        self.code = code
        self.message = _lib.dlx_strerror(code).decode("ascii")
        self.row, self.column, self.detail = row, column, detail
        where = "" if row is None else " at row %d, column %d" % (row, column)
        said = "" if detail is None else ": " + detail
        super().__init__("%s%s%s (dlx status %d)" % (self.message, where, said, code))


class Unsolvable(DlxError):
    """DLX_UNSOLVABLE: well-formed input without a valid completion."""


class Timeout(DlxError):
    """DLX_TIMEOUT: the max_ms time limit ran out before an answer was proven."""


def _raise(code: int, text: Optional[bytes] = None, side: int = 0) -> None:
    if code == DLX_ERR_CELL and text is not None:
        # The first byte the library rejects, as the C readers see it: its place in the grid.
        cell = 0
        for byte in text.split(b"\0", 1)[0]:
            if byte in b" \t\r\n":
                continue
            ok = byte in b"-." or (side == 9 and 48 <= byte <= 57) or (side == 16 and 65 <= byte <= 80)
            if not ok:
                raise DlxError(code, cell // side + 1, cell % side + 1)
            cell += 1
    raise {DLX_UNSOLVABLE: Unsolvable, DLX_TIMEOUT: Timeout}.get(code, DlxError)(code)


_INT64_MAX = 2 ** 63 - 1


def _int64(value: int, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s must be int, not %s" % (name, type(value).__name__))
    if not -(2 ** 63) <= value <= _INT64_MAX:
        raise DlxError(DLX_ERR_ARG)
    return value


def _text(puzzle: Text, side: int) -> bytes:
    if isinstance(puzzle, str):
        try:
            puzzle = puzzle.encode("ascii")
        except UnicodeEncodeError as e:
            cells = sum(1 for c in puzzle[: e.start] if c not in " \t\r\n")
            raise DlxError(DLX_ERR_CELL, cells // side + 1, cells % side + 1) from None
    if not isinstance(puzzle, (bytes, bytearray)):
        raise TypeError("puzzle must be str or bytes, not %s" % type(puzzle).__name__)
    return bytes(puzzle)


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _lib.dlx_version().decode("ascii")


__version__ = version()


def _solve(text: bytes, side: int, max_ms: int) -> str:
    """dlx_solve9_within or dlx_solve16_within on `text`: the solution, or the DlxError raised."""
    out = ctypes.create_string_buffer(DLX9_OUT_LEN if side == 9 else DLX16_OUT_LEN)
    code = (_lib.dlx_solve9_within if side == 9 else _lib.dlx_solve16_within)(text, out, _int64(max_ms, "max_ms"))
    if code != DLX_OK:
        _raise(code, text, side)
    return out.value.decode("ascii")


def _count(text: bytes, side: int, limit: int, max_ms: int) -> int:
    """dlx_count9 or dlx_count16 on `text`: the count, or the DlxError raised."""
    code = (_lib.dlx_count9 if side == 9 else _lib.dlx_count16)(text, _int64(limit, "limit"), _int64(max_ms, "max_ms"))
    if code < 0:
        _raise(code, text, side)
    return code


def solve16(puzzle: Text, max_ms: int = 0) -> str:
    """Solves a 16x16 Sudoku: `puzzle` is str or bytes with 256 cells (A..P given, '-' or '.'
    blank; whitespace skipped). Returns the 256 solved letters as a str. Raises Unsolvable,
    Timeout past `max_ms` milliseconds (0: no limit), or DlxError with code DLX_ERR_LENGTH,
    DLX_ERR_CELL (with the cell's row and column) or DLX_ERR_ARG. As in C, a NUL character
    ends the text."""
    return _solve(_text(puzzle, 16), 16, max_ms)


def solve9(puzzle: Text, max_ms: int = 0) -> str:
    """Solves a 9x9 Sudoku: `puzzle` is str or bytes with 81 cells (1..9 given; '0', '.' or '-'
    blank; whitespace skipped). Returns the 81 solved digits as a str. Raises Unsolvable,
    Timeout past `max_ms` milliseconds (0: no limit), or DlxError with code DLX_ERR_LENGTH,
    DLX_ERR_CELL (with the cell's row and column) or DLX_ERR_ARG."""
    return _solve(_text(puzzle, 9), 9, max_ms)


def count9(puzzle: Text, limit: int = 2, max_ms: int = 0) -> int:
    """The number of solutions of a 9x9 Sudoku (text as for solve9), counting stopped at
    `limit` (2: none, unique or several). Raises Timeout past `max_ms`, DlxError otherwise."""
    return _count(_text(puzzle, 9), 9, limit, max_ms)


def canon9(puzzle: Text) -> str:
    """The canonical form of a 9x9 grid (text as for solve9; complete grids and puzzles alike,
    any givens, nothing solved): the least 81-character string, blanks first, over the grid's
    3,359,232 symmetries and the relabelings of its digits, digits named in order of first
    appearance. Two grids have the same form exactly when they are equivalent. Returns 81
    characters, '1'..'9' for givens and '.' for blanks. Raises DlxError with code
    DLX_ERR_LENGTH or DLX_ERR_CELL (with the cell's row and column)."""
    text = _text(puzzle, 9)
    out = ctypes.create_string_buffer(DLX9_OUT_LEN)
    code = _lib.dlx_canon9(text, out)
    if code != DLX_OK:
        _raise(code, text, 9)
    return out.value.decode("ascii")


def count16(puzzle: Text, limit: int = 2, max_ms: int = 0) -> int:
    """The number of solutions of a 16x16 Sudoku (text as for solve16), as count9 does."""
    return _count(_text(puzzle, 16), 16, limit, max_ms)


# Puzzle generation (dlx_generate9, dlx_generate16).
DLX_SYMMETRY_NONE = 0
DLX_SYMMETRY_180 = 1
DLX_SYMMETRY_90 = 2
DLX_SYMMETRY_MIRROR = 3
_SYMMETRIES = {"none": DLX_SYMMETRY_NONE, "180": DLX_SYMMETRY_180, "90": DLX_SYMMETRY_90,
               "mirror": DLX_SYMMETRY_MIRROR}
__all__ += ["generate9", "generate16", "DLX_SYMMETRY_NONE", "DLX_SYMMETRY_180", "DLX_SYMMETRY_90",
            "DLX_SYMMETRY_MIRROR"]
for _generate in (_lib.dlx_generate9, _lib.dlx_generate16):
    _generate.argtypes = [ctypes.c_uint64, ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_char_p]
    _generate.restype = ctypes.c_int


def _generate_with(call, length: int, seed: int, symmetry: str, givens: int, max_ms: int) -> str:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("seed must be int, not %s" % type(seed).__name__)
    if not 0 <= seed < 2 ** 64:
        raise DlxError(DLX_ERR_ARG)
    if symmetry not in _SYMMETRIES:
        raise DlxError(DLX_ERR_ARG, detail="symmetry must be one of %s" % ", ".join(map(repr, _SYMMETRIES)))
    givens = _int64(givens, "givens")
    if not -(2 ** 31) <= givens < 2 ** 31:
        raise DlxError(DLX_ERR_ARG)
    out = ctypes.create_string_buffer(length)
    code = call(seed, _SYMMETRIES[symmetry], givens, _int64(max_ms, "max_ms"), out)
    if code != DLX_OK:
        _raise(code)
    return out.value.decode("ascii")


_lib.dlx_generate9_rated.argtypes = [ctypes.c_uint64, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                     ctypes.c_int64, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]
_lib.dlx_generate9_rated.restype = ctypes.c_int


def _tenths(value, name: str) -> int:
    """A rating bound (a number on SE's scale, e.g. 7.5) in tenths, as the C call takes it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("%s must be a number, not %s" % (name, type(value).__name__))
    if value != value or not -(2 ** 31) <= value * 10 < 2 ** 31:  # NaN or beyond an int
        raise DlxError(DLX_ERR_ARG, detail="%s must be a rating from 0 to 12.0" % name)
    return int(round(value * 10))


def generate9(seed: int = 0, symmetry: str = "none", givens: int = 0, max_ms: int = 0,
              rating: Optional[Tuple[float, float]] = None) -> str:
    """A minimal 9x9 puzzle with exactly one solution, made from `seed` (0 .. 2**64 - 1): 81
    cells, 1..9 a given and '.' a blank, as solve9 reads them. The same seed and options give
    the same puzzle everywhere. `symmetry`: "none", "180" (half turn), "90" (quarter turn) or
    "mirror" (left-right), kept by the pattern of givens. `givens` above 0 asks for at most that
    many (new grids are tried until one has them: a low target needs `max_ms`, as minimal
    puzzles have 17 givens at least). `rating=(lo, hi)`, e.g. (7.0, 8.5), asks for a puzzle
    whose Sudoku Explainer rating (as rate9 gives it, which tells it) lies in lo..hi, bounds
    rounded to tenths from 0 to 12.0: puzzles are drawn until one fits (those rate9 raises
    Beyond for never do; about 1 in 8 rates 7.0 or more and none of 3,000 above 7.4, so
    give `max_ms`). Raises Timeout
    past `max_ms` milliseconds (0: no limit), DlxError (DLX_ERR_ARG) for a bad symmetry, seed,
    rating range, or negative givens or max_ms."""
    if rating is None:
        return _generate_with(_lib.dlx_generate9, DLX9_OUT_LEN, seed, symmetry, givens, max_ms)
    try:
        lo, hi = rating
    except (TypeError, ValueError):
        raise TypeError("rating must be a pair (lo, hi), e.g. (7.0, 8.5)") from None
    lo, hi = _tenths(lo, "rating's lo"), _tenths(hi, "rating's hi")

    def call(seed, symmetry, givens, max_ms, out):
        return _lib.dlx_generate9_rated(seed, symmetry, givens, lo, hi, max_ms, out, None)
    return _generate_with(call, DLX9_OUT_LEN, seed, symmetry, givens, max_ms)


def generate16(seed: int = 0, symmetry: str = "none", givens: int = 0, max_ms: int = 0) -> str:
    """generate9 for 16x16: 256 cells, A..P a given and '-' a blank, as solve16 reads them
    (tens of milliseconds a puzzle)."""
    return _generate_with(_lib.dlx_generate16, DLX16_OUT_LEN, seed, symmetry, givens, max_ms)


# Sudoku Explainer ratings and hints (dlx_rate9, dlx_hint9).
DLX_MULTIPLE = -8
DLX_BEYOND = -9
DLX_STEP_NAME_LEN = 32
__all__ += ["rate9", "hint9", "Step", "Multiple", "Beyond", "DLX_MULTIPLE", "DLX_BEYOND"]


class Multiple(DlxError):
    """DLX_MULTIPLE: the puzzle has more than one solution, so it has no rating."""


class Beyond(DlxError):
    """DLX_BEYOND: the solving techniques implemented (singles to forcing chains) do not
    finish the puzzle; Sudoku Explainer would need its nets (7.5 and up)."""


class _Step(ctypes.Structure):
    _fields_ = [("technique", ctypes.c_int32), ("rating", ctypes.c_int32), ("cell", ctypes.c_int32),
                ("digit", ctypes.c_int32), ("digits", ctypes.c_int32), ("cells", ctypes.c_uint8 * 81),
                ("eliminations", ctypes.c_uint16 * 81), ("name", ctypes.c_char * DLX_STEP_NAME_LEN)]


_lib.dlx_rate9.argtypes = [ctypes.c_char_p, ctypes.c_int64]
_lib.dlx_rate9.restype = ctypes.c_int32
_lib.dlx_hint9.argtypes = [ctypes.c_char_p, ctypes.POINTER(_Step), ctypes.c_int64]
_lib.dlx_hint9.restype = ctypes.c_int32


def _raise_rated(code: int, text: bytes) -> None:
    if code == DLX_MULTIPLE:
        raise Multiple(code)
    if code == DLX_BEYOND:
        raise Beyond(code)
    _raise(code, text, 9)


def _digits(mask: int) -> List[int]:
    return [d + 1 for d in range(9) if mask >> d & 1]


class Step:
    """One solving step, as Sudoku Explainer takes it. Cells are 0..80 in reading order.

    `technique` (its name, e.g. "Naked Pair"), `number` (1 up in SE's order), `rating` (SE's
    difficulty, e.g. 3.0), `place` ((cell, digit) it fills, or None), `cells` (the pattern's
    cells), `digits` (the pattern's digits), `eliminations` ({cell: [digits it removes]})."""

    def __init__(self, raw: _Step):
        self.technique = raw.name.decode("ascii")
        self.number = raw.technique
        self.rating = raw.rating / 10
        self.place = None if raw.cell < 0 else (raw.cell, raw.digit)
        self.cells = [c for c in range(81) if raw.cells[c]]
        self.digits = _digits(raw.digits)
        self.eliminations = {c: _digits(raw.eliminations[c]) for c in range(81) if raw.eliminations[c]}

    def __repr__(self) -> str:
        return "Step(%r, %.1f, place=%r, cells=%r, digits=%r, eliminations=%r)" % (
            self.technique, self.rating, self.place, self.cells, self.digits, self.eliminations)


def rate9(puzzle: Text, max_ms: int = 0) -> float:
    """The Sudoku Explainer rating of a 9x9 puzzle (text as for solve9): the hardest step on the
    path SE takes, e.g. 7.2 (0.0 for a complete grid). Raises Multiple (more than one
    solution), Beyond (the techniques implemented, singles to forcing chains, do not finish it),
    Unsolvable, Timeout past `max_ms` milliseconds (0: no limit), or DlxError (DLX_ERR_LENGTH,
    DLX_ERR_CELL with the cell's row and column, DLX_ERR_ARG)."""
    text = _text(puzzle, 9)
    code = _lib.dlx_rate9(text, _int64(max_ms, "max_ms"))
    if code < 0:
        _raise_rated(code, text)
    return code / 10


def hint9(puzzle: Text, max_ms: int = 0) -> Optional[Step]:
    """The next step Sudoku Explainer would take on a 9x9 puzzle (text as for solve9, each
    blank's candidates being the digits its row, column and box lack), as a Step; None for a
    complete grid. Raises as rate9 does."""
    text = _text(puzzle, 9)
    raw = _Step()
    code = _lib.dlx_hint9(text, ctypes.byref(raw), _int64(max_ms, "max_ms"))
    if code == 1:
        return None
    if code != DLX_OK:
        _raise_rated(code, text)
    return Step(raw)


def _side(text: bytes) -> int:
    """9 or 16: which grid a puzzle text holds, by its count of cells (whitespace aside)."""
    if len(text) <= 81:  # no room for 256 cells: the common case, without a scan
        return 9
    cells = len(text.split(b"\0", 1)[0].translate(None, b" \t\r\n"))
    return 9 if cells <= 81 else 16


# The batch calls: a whole chunk of puzzles in one ctypes call, since a call costs about what an
# easy 9x9 solve does.
for _call in (_lib.dlx_solve9_many, _lib.dlx_solve16_many):
    _call.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_char_p, ctypes.c_int64,
                      ctypes.POINTER(ctypes.c_int32)]
    _call.restype = ctypes.c_int64
for _call in (_lib.dlx_count9_many, _lib.dlx_count16_many):
    _call.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64,
                      ctypes.POINTER(ctypes.c_int64), ctypes.c_char_p]
    _call.restype = ctypes.c_int64
# side: (cells, bytes a solution takes in the output, the solve and count batch calls)
_MANY = {9: (DLX9_CELLS, DLX9_OUT_LEN, _lib.dlx_solve9_many, _lib.dlx_count9_many),
          16: (256, DLX16_OUT_LEN, _lib.dlx_solve16_many, _lib.dlx_count16_many)}
# Texts longer than this are answered one call each: padding a batch to them would cost more.
_STRIDE_MAX = 4096
_BLANKS = b" \t\r\n\0"


def _error(code: int, text: bytes, side: int) -> DlxError:
    """The DlxError the one-puzzle call raises for `code` on `text` (with the cell's place)."""
    try:
        _raise(code, text, side)
    except DlxError as e:
        return e
    raise AssertionError("_raise returned")  # not reached


def _run(side: int, buffer: bytes, n: int, stride: int, counting: bool, limit: int, max_ms: int,
         first: bool = False) -> list:
    """One batch call on `n` records of `stride` bytes in `buffer` (texts, padded with NULs
    where shorter): the answers, as the one-puzzle calls give them; with `first`, counts as
    (first solution or None, count)."""
    cells, out_len, solve, count = _MANY[side]

    def error(code: int, k: int) -> DlxError:
        return _error(code, buffer[k * stride:(k + 1) * stride], side)
    if counting:
        counts = (ctypes.c_int64 * n)()
        firsts = ctypes.create_string_buffer(n * out_len) if first else None
        done = count(buffer, n, stride, limit, max_ms, counts, firsts)
        if done < 0:
            return [error(done, k) for k in range(n)]
        values = list(counts)
        if firsts is not None:
            text = firsts.raw.decode("latin-1")
            values = [(text[k * out_len:k * out_len + cells] if v > 0 else None, v) if v >= 0 else v
                      for k, v in enumerate(values)]
        return values if done == n else [v if type(v) is not int or v >= 0 else error(v, k)
                                         for k, v in enumerate(values)]
    out = ctypes.create_string_buffer(n * out_len)
    statuses = (ctypes.c_int32 * n)()
    done = solve(buffer, n, stride, out, max_ms, statuses)
    if done < 0:
        return [error(done, k) for k in range(n)]
    text = out.raw.decode("latin-1")  # digits or letters where solved, NULs elsewhere
    solutions = [text[k:k + cells] for k in range(0, n * out_len, out_len)]
    if done == n:
        return solutions
    return [s if code == DLX_OK else error(code, k) for k, (s, code) in enumerate(zip(solutions, statuses))]


def _chunk(chunk: list, counting: bool, limit: int, max_ms: int, first: bool = False) -> list:
    """solve_many's or count_many's answers for `chunk`, in order: its puzzles grouped by size
    into batch calls, each answer what solve9/solve16 (count9/count16) gives or raises; with
    `first`, solve_count_many's."""
    # The common case, puzzles of bare cells as str: one conversion for them all (texts of 256
    # bytes only when none is a blank or NUL, so that every one has 256 cells).
    # A limit of 0 is refused by dlx_count9 only after it read the puzzle, so a bad puzzle says
    # what is wrong with it first: those counts go one call each, as below.
    zero = counting and type(limit) is int and limit == 0
    if chunk and not zero and set(map(type, chunk)) == {str} and len(set(map(len, chunk))) == 1 and \
            len(chunk[0]) in (81, 256):
        stride = len(chunk[0])
        try:
            joined = "".join(chunk).encode("ascii")
        except UnicodeEncodeError:
            joined = b""
        if joined and (stride == 81 or joined.translate(None, _BLANKS) == joined):
            try:
                lim = _int64(limit, "limit") if counting else 0
                ms = _int64(max_ms, "max_ms")
            except DlxError:
                return [DlxError(DLX_ERR_ARG) for _ in chunk]
            return _run(9 if stride == 81 else 16, joined, len(chunk), stride, counting, lim, ms, first)
    answers: list = [None] * len(chunk)
    groups: Dict[Tuple[int, bool], List[int]] = {}
    texts: List[bytes] = []
    for k, puzzle in enumerate(chunk):
        try:
            text = _text(puzzle, 16)
        except DlxError as e:
            answers[k] = e
            texts.append(b"")
            continue
        texts.append(text)
        side = _side(text)
        groups.setdefault((side, len(text) <= _STRIDE_MAX), []).append(k)
    if not groups:
        return answers
    try:
        lim = _int64(limit, "limit") if counting else 0
        ms = _int64(max_ms, "max_ms")
    except DlxError:
        for ks in groups.values():
            for k in ks:
                answers[k] = DlxError(DLX_ERR_ARG)
        return answers
    for (side, batched), ks in groups.items():
        if counting and lim == 0:
            found = []
            for k in ks:
                try:
                    found.append(_count(texts[k], side, lim, ms))
                except DlxError as e:
                    found.append(e)
        elif batched:
            stride = max(max(len(texts[k]) for k in ks), 1)
            buffer = b"".join(texts[k].ljust(stride, b"\0") for k in ks)
            found = _run(side, buffer, len(ks), stride, counting, lim, ms, first)
        else:  # long texts, a call each
            found = [a for k in ks for a in _run(side, texts[k], 1, len(texts[k]), counting, lim, ms, first)]
        for k, answer in zip(ks, found):
            answers[k] = answer
    return answers


def _map(call, items, threads: Optional[int]) -> list:
    """`call` on chunks of the items, in order, on `threads` threads: about 8 chunks a thread, so
    that a slow chunk does not leave the other threads idle for long; one chunk on one thread."""
    items = list(items)
    workers = min(threads or os.cpu_count() or 1, len(items))
    if workers <= 1:
        return call(items)
    size = -(-len(items) // (8 * workers))
    chunks = [items[k:k + size] for k in range(0, len(items), size)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        return [answer for answers in pool.map(call, chunks) for answer in answers]


def solve_many(puzzles: Iterable[Text], max_ms: int = 0, threads: Optional[int] = None) -> List[Union[str, DlxError]]:
    """Solves every puzzle of `puzzles` (9x9 or 16x16, told apart by their count of cells) on
    `threads` threads (default: one per core; the calls release the GIL), and returns the
    answers in input order: the solution, or the DlxError (Unsolvable, Timeout, ...) that
    puzzle raised, so one bad puzzle does not end the run. `max_ms` limits each puzzle (0: no
    limit). Each thread answers its chunk of puzzles in one library call."""
    return _map(lambda chunk: _chunk(chunk, False, 0, max_ms), puzzles, threads)


def count_many(puzzles: Iterable[Text], limit: int = 2, max_ms: int = 0, threads: Optional[int] = None) -> List[Union[int, DlxError]]:
    """Counts the solutions of every puzzle up to `limit` as solve_many solves them: the counts
    (or the DlxError raised) in input order; `max_ms` limits each puzzle."""
    return _map(lambda chunk: _chunk(chunk, True, limit, max_ms), puzzles, threads)


def solve_count_many(puzzles: Iterable[Text], limit: int = 2, max_ms: int = 0,
                     threads: Optional[int] = None) -> List[Union[Tuple[Optional[str], int], DlxError]]:
    """count_many and a solution in one search a puzzle (about the cost of the count alone):
    for each puzzle `(solution, count)`, the first solution the count found (None when the
    count is 0) and the count up to `limit`, or the DlxError count_many gives. With `limit=2`
    this answers "which solution, and is it the only one?"; where a puzzle has several, the
    solution is one of them (the same on every call, not necessarily solve_many's)."""
    return _map(lambda chunk: _chunk(chunk, True, limit, max_ms, True), puzzles, threads)


def target_max(grid: Sequence[int], max_ms: int = 0) -> Tuple[int, List[int]]:
    """Target Sudoku: `grid` is 81 ints, row-major, 0 blank, 1..9 a given. Returns
    (score, best): the exact maximum score and a completion (list of 81 ints) reaching it.
    Raises Unsolvable when there is no completion, Timeout past `max_ms` milliseconds (0: no
    limit), DlxError(DLX_ERR_LENGTH) when grid does not hold 81 values, DlxError(DLX_ERR_CELL)
    when a value is outside 0..9 (with its row and column)."""
    values = list(grid)
    if len(values) != DLX9_CELLS:
        raise DlxError(DLX_ERR_LENGTH)
    for k, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("grid values must be int, not %s" % type(v).__name__)
        if not 0 <= v <= 9:  # the library's rule, checked here to say where
            raise DlxError(DLX_ERR_CELL, k // 9 + 1, k % 9 + 1)
    cells = (ctypes.c_int * DLX9_CELLS)(*values)
    best = (ctypes.c_int * DLX9_CELLS)()
    code = _lib.dlx_target_max_within(cells, best, _int64(max_ms, "max_ms"))
    if code < 0:
        _raise(code)
    return code, list(best)


_ALIGN = 16  # DLX_PROBLEM_ALIGN


def _put(problem: int, array: "ctypes.Array[ctypes.c_int32]", colored: "Optional[ctypes.Array[ctypes.c_int32]]",
         cost: int) -> int:
    """dlx_problem_add, or dlx_problem_add_option for an option with colors or a cost other
    than 1: the option's index or a status code."""
    if colored is None and cost == 1:
        return _lib.dlx_problem_add(problem, array, len(array))
    return _lib.dlx_problem_add_option(problem, array, colored, len(array), cost)


def _few(names: Sequence[Hashable]) -> str:
    """Up to three names, for messages."""
    shown = ", ".join(repr(name) for name in names[:3])
    return shown + (", ..." if len(names) > 3 else "")


# Shares a thread in a threaded search: a piece estimated above the first split's total over
# this many times the threads is split again by the thread that takes it (cli/src/pieces.rs's
# PIECES_A_THREAD; docs/exact-cover.md, "Threads' schedule").
_SHARES_A_THREAD = 4
_AHEAD = 256  # solutions a `solutions()` search may find before the generator takes them
_BATCH = 64  # solutions found that wake a dry generator at once


_DONE = object()  # put by a `solutions(threads=...)` search when its threads are done


def _threads(threads: Optional[int]) -> Optional[int]:
    """The threads a search asks for: None (and 1) for the search on this thread."""
    if threads is None:
        return None
    if not isinstance(threads, int) or isinstance(threads, bool):
        raise TypeError("threads must be int, not %s" % type(threads).__name__)
    if not 1 <= threads <= 1024:
        raise DlxError(DLX_ERR_ARG, detail="threads %d is outside 1..1024" % threads)
    return None if threads == 1 else threads


def _shown(piece: Text) -> str:
    """A piece's text for a message."""
    return piece.decode("ascii", "replace") if isinstance(piece, (bytes, bytearray)) else str(piece)


def _piece_decisions(piece: Text) -> "ctypes.Array[ctypes.c_int32]":
    """A piece's text form ("12 -8 40": decimal ints separated by whitespace; "" the whole
    problem) as the library takes it, read as dlx-core's parse_piece reads it; DlxError
    (DLX_ERR_ARG) saying what is wrong with it."""
    if isinstance(piece, (bytes, bytearray)):
        try:
            piece = bytes(piece).decode("ascii")
        except UnicodeDecodeError:
            raise DlxError(DLX_ERR_ARG, detail="piece %r is not ASCII text" % (bytes(piece),)) from None
    if not isinstance(piece, str):
        raise TypeError("piece must be str (a piece's text form, as pieces() gives it), not %s" % type(piece).__name__)
    decisions = []
    words = piece.strip(" \t\n\r\f")  # ASCII whitespace only, as parse_piece
    for word in re.split("[ \t\n\r\f]+", words) if words else []:
        digits = word[1:] if word.startswith("-") else word
        if not digits or not all("0" <= c <= "9" for c in digits):
            raise DlxError(DLX_ERR_ARG, detail="piece %r: %r is not a decision (an int)" % (piece, word))
        if digits != word and not digits.strip("0"):
            # Option 0 out is -1: "-0" would read as option 0 in, the opposite.
            raise DlxError(DLX_ERR_ARG, detail="piece %r: %r is no decision (option 0 out is -1)" % (piece, word))
        value = int(word)
        if not -2 ** 31 <= value < 2 ** 31:
            raise DlxError(DLX_ERR_ARG, detail="piece %r: %s is outside the 32-bit ints" % (piece, word))
        decisions.append(value)
    return (ctypes.c_int32 * len(decisions))(*decisions)


class _Flags:
    """Who of a `solutions()` generator and its search thread waits, and whether the search
    is done or to stop."""

    __slots__ = ("reader", "writer", "done", "stop", "told")

    def __init__(self) -> None:
        self.reader = self.writer = self.done = self.stop = False
        self.told = 0.0  # time.monotonic() of the search's last wake-up call


def _split_size(packed: int) -> float:
    """A piece's size as dlx_problem_split leaves it at the end of its `out`: 20 bits of
    binary exponent (plus 2^19) over the first 11 bits of the mantissa's fraction."""
    bits = packed & 0x7FFFFFFF
    if bits == 0:
        return 0.0
    exponent = (bits >> 11) - (1 << 19)
    return math.ldexp(1 + (bits & 0x7FF) / 2048, exponent) if exponent < 1024 else math.inf


def _aligned(size: int) -> Tuple[bytearray, int]:
    """`size` bytes aligned to DLX_PROBLEM_ALIGN: the bytearray that owns them and their
    address."""
    memory = bytearray(size + _ALIGN)
    address = ctypes.addressof((ctypes.c_char * len(memory)).from_buffer(memory))
    return memory, address + (-address) % _ALIGN


class ExactCover:
    """An exact cover problem in libdlx's Dancing Links engine: primary items must be covered
    exactly once (or as often as their bounds say), secondary items at most once (Knuth's
    secondary items), or by options that agree on their color.

    `primary` and `secondary` are each a count or an iterable of item names (any hashable
    values): `ExactCover(3, 2)` has items 0, 1, 2 primary and 3, 4 secondary, as in 0.2;
    `ExactCover("abc", ["x"])` has items "a", "b", "c" and "x". A count stands for the numbers
    of its items in that numbering (primary 0 .. n - 1, secondary from the primary count on).
    `bounds` maps primary items to (lo, hi) pairs, as `set_bounds` sets them.

    The problem lives in a bytearray this object owns, grown as options are added. Searches
    release the GIL; for a problem without colors, bounds or costs they run DLX1's order (the
    primary item with the fewest options first).

    Not for two threads at once. Each `solutions()` generator searches its own copy, so the
    object may be used while one is open."""

    def __init__(self, primary: Union[int, Iterable[Hashable]], secondary: Union[int, Iterable[Hashable]] = 0,
                 bounds: Optional[Mapping[Hashable, Tuple[int, int]]] = None):
        counts, names = [], []
        for what, value in (("primary", primary), ("secondary", secondary)):
            if isinstance(value, int) and not isinstance(value, bool):
                counts.append(value)
                names.append(None)
            elif isinstance(value, bool) or not isinstance(value, collections.abc.Iterable):
                raise TypeError("%s must be an int or an iterable of item names, not %s" % (what, type(value).__name__))
            else:
                names.append(list(value))
                counts.append(len(names[-1]))
            if not 0 <= counts[-1] < 2 ** 31:
                raise DlxError(DLX_ERR_ARG)
        self.primary, self.secondary = counts
        # Item names -> item numbers; None while the items are numbers 0 .. n - 1 (0.2's form,
        # passed to the library as they are).
        self._index: Optional[Dict[Hashable, int]] = None
        self._names: Optional[List[Hashable]] = None
        if names != [None, None]:
            every = [name for part, count, start in zip(names, counts, (0, self.primary))
                     for name in (range(start, start + count) if part is None else part)]
            self._index = {}
            for number, name in enumerate(every):
                if self._index.setdefault(name, number) != number:
                    raise DlxError(DLX_ERR_ARG, detail="item %r is named twice" % (name,))
            self._names = every
        # Each option's items and (where not none and 1) colors and cost, as the library takes
        # them, to add again when the memory grows.
        self._options: List["ctypes.Array[ctypes.c_int32]"] = []
        self._rules: Dict[int, Tuple[Optional["ctypes.Array[ctypes.c_int32]"], int]] = {}
        self._colors: Dict[Hashable, int] = {}
        self._bounds: Dict[int, Tuple[int, int]] = {}
        self._entries = 0
        self._cost: Optional[int] = None
        # Options tried by the last search on threads (the sum over its pieces); None after
        # one on this thread, whose problem dlx_problem_nodes asks.
        self._nodes: Optional[int] = None
        self._layout(16, 64)
        for item, (lo, hi) in (bounds or {}).items():
            self.set_bounds(item, lo, hi)

    def _layout(self, options: int, entries: int) -> None:
        """New memory with room for `options` options and `entries` entries, and every option
        added so far in it."""
        self._memory, self._problem = self._build(options, entries)
        self._room = (options, entries)
        if not hasattr(self, "_last"):
            self._last = (self._memory, self._problem)

    def _build(self, options: int, entries: int) -> Tuple[bytearray, int]:
        """A problem with room for `options` options and `entries` entries holding every
        option and bound set so far: its memory and the library's pointer into it."""
        size = _lib.dlx_problem_size(self.primary + self.secondary, options, entries)
        if size == 0:
            raise DlxError(DLX_ERR_CAPACITY)
        memory, address = _aligned(size)
        pointer = _lib.dlx_problem_init(address, size, self.primary, self.secondary, options, entries)
        if not pointer:
            raise DlxError(DLX_ERR_ARG)
        rules = self._rules
        for number, array in enumerate(self._options):
            _put(pointer, array, *rules.get(number, (None, 1)))
        for item, (lo, hi) in self._bounds.items():
            _lib.dlx_problem_bounds(pointer, item, lo, hi)
        return memory, pointer

    def _copy(self) -> Tuple[bytearray, int]:
        """A problem of its own with this one's options: its bytes copied, as dlx.h allows
        (a problem may be moved by copying the bytes `dlx_problem_size` gives)."""
        size = _lib.dlx_problem_size(self.primary + self.secondary, *self._room)
        memory, address = _aligned(size)
        ctypes.memmove(address, self._problem, size)
        return memory, address

    def _name(self, number: int) -> str:
        """Item `number` as the caller names it, for messages."""
        return "%d" % number if self._names is None else repr(self._names[number])

    def _fault(self, option: Tuple[int, ...], cost: int) -> DlxError:
        """The DlxError(DLX_ERR_ARG) for the option the library just rejected, saying what
        `dlx_problem_fault` found wrong with it."""
        entry = ctypes.c_int32(-1)
        fault = _lib.dlx_problem_fault(self._problem, ctypes.byref(entry), None)
        items = self.primary + self.secondary
        if fault == DLX_FAULT_OUT_OF_RANGE:  # numbers only: names are looked up before
            detail = "item %d is outside 0..%d" % (option[entry.value], items - 1)
        elif fault == DLX_FAULT_REPEATED:
            detail = "item %s appears twice in this option" % self._name(option[entry.value])
        elif fault == DLX_FAULT_EMPTY:
            detail = "an option needs at least one item"
        elif fault == DLX_FAULT_NO_PRIMARY and not self.primary:
            detail = "an option needs a primary item, and this problem has none"
        elif fault == DLX_FAULT_NO_PRIMARY:
            detail = ("an option needs a primary item (0..%d)" % (self.primary - 1) if self._names is None
                      else "an option needs a primary item (%s)" % _few(self._names[:self.primary]))
        elif fault == DLX_FAULT_COLOR_ON_PRIMARY:
            detail = "item %s is primary: only secondary items have colors" % self._name(option[entry.value])
        elif fault == DLX_FAULT_NEGATIVE_COST:
            detail = "cost %d is negative" % cost
        else:
            detail = _lib.dlx_fault_text(fault).decode("ascii")
        return DlxError(DLX_ERR_ARG, detail=detail)

    def _numbers(self, items: Iterable[Hashable]) -> Tuple[int, ...]:
        """The item numbers of `items`, as the library takes them."""
        if self._index is None:
            option = tuple(items)
            for item in option:
                if not isinstance(item, int) or isinstance(item, bool):
                    raise TypeError("items must be int, not %s" % type(item).__name__)
            for item in option:
                if not -2**31 <= item < 2**31:  # past what C's int32 holds: out of range all the same
                    raise DlxError(DLX_ERR_ARG, detail="item %d is outside 0..%d" % (item, self.primary + self.secondary - 1))
            return option
        index = self._index
        try:
            return tuple([index[item] for item in items])
        except KeyError as e:
            raise DlxError(DLX_ERR_ARG, detail="item %r is not an item of this problem" % (e.args[0],)) from None

    def _shades(self, option: Tuple[int, ...], items: Tuple[int, ...], colors: Mapping[Hashable, Hashable]) -> Tuple[int, ...]:
        """The color numbers of `option`'s entries (0: none) from `colors`, keyed as `items`
        name them; a color seen for the first time gets the next number."""
        if not isinstance(colors, collections.abc.Mapping):
            raise TypeError("colors must be a mapping from items to colors, not %s" % type(colors).__name__)
        given = dict(zip(items, option))
        for item in colors:
            if item not in given:
                raise DlxError(DLX_ERR_ARG, detail="item %r has a color but is not in this option" % (item,))
        numbers = self._colors
        shades = [0] * len(option)
        for k, item in enumerate(items):
            color = colors.get(item)
            if color is not None:
                shades[k] = numbers.setdefault(color, len(numbers) + 1)
        return tuple(shades)

    def add(self, items: Iterable[Hashable], colors: Optional[Mapping[Hashable, Hashable]] = None, cost: int = 1) -> int:
        """Adds an option covering `items` (distinct items, at least one primary) and returns
        its index: 0, 1, 2, ... in the order added.

        `colors` maps some of the option's secondary items to colors (any hashable values but
        None, which means no color): chosen options that share a secondary item must all give
        it the same color, and an entry without one is exclusive. `cost` (an int >= 0, 1 by
        default) counts for minimum().

        Raises DlxError (a ValueError) with code DLX_ERR_ARG for an empty option, an item out of
        range, unknown or repeated, no primary item, a color on a primary item or a negative
        cost, its message saying which; the problem is then unchanged. A `solutions()`
        generator already open goes on over the options it started with."""
        if cost.__class__ is not int:
            if not isinstance(cost, int) or isinstance(cost, bool):
                raise TypeError("cost must be int, not %s" % type(cost).__name__)
            cost = int(cost)
        if not -2**31 <= cost < 2**31:
            raise DlxError(DLX_ERR_ARG, detail="cost %d is outside 0..%d" % (cost, 2**31 - 1))
        items = tuple(items)
        option = self._numbers(items)
        shades = None if colors is None else self._shades(option, items, colors)
        array = (ctypes.c_int32 * len(option))(*option)
        colored = None if shades is None else (ctypes.c_int32 * len(shades))(*shades)
        code = _put(self._problem, array, colored, cost)
        if code == DLX_ERR_CAPACITY:
            options, entries = self._room
            self._layout(max(2 * options, len(self._options) + 1), max(2 * entries, self._entries + len(option)))
            code = _put(self._problem, array, colored, cost)
        if code == DLX_ERR_ARG:
            raise self._fault(option, cost)
        if code < 0:
            _raise(code)
        if colored is not None or cost != 1:
            self._rules[code] = (colored, cost)
        self._options.append(array)
        self._entries += len(option)
        return code

    def set_bounds(self, item: Hashable, lo: int, hi: int) -> None:
        """Bounds primary item `item`: every solution covers it at least `lo` and at most `hi`
        times (Knuth's multiplicities; 1 and 1 until set). `lo` 0 makes it optional; `lo` 1
        and a large `hi`, "at least once". Raises DlxError(DLX_ERR_ARG) unless 0 <= lo <= hi
        and hi >= 1, or when `item` is not a primary item."""
        for what, value in (("lo", lo), ("hi", hi)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError("%s must be int, not %s" % (what, type(value).__name__))
        (number,) = self._numbers([item])
        if not 0 <= number < self.primary + self.secondary:
            raise DlxError(DLX_ERR_ARG, detail="item %d is outside 0..%d" % (number, self.primary + self.secondary - 1))
        if number >= self.primary:
            raise DlxError(DLX_ERR_ARG, detail="item %s is secondary: only primary items have bounds" % self._name(number))
        if not (0 <= lo <= hi < 2**31 and hi >= 1):
            raise DlxError(DLX_ERR_ARG, detail="bounds %d..%d of item %s: need 0 <= lo <= hi and 1 <= hi < 2**31"
                           % (lo, hi, self._name(number)))
        code = _lib.dlx_problem_bounds(self._problem, number, lo, hi)
        if code < 0:
            _raise(code)
        self._bounds[number] = (lo, hi)

    def __len__(self) -> int:
        return len(self._options)

    def _limit(self, limit: Optional[int]) -> int:
        return _INT64_MAX if limit is None else _int64(limit, "limit")

    def _with_piece(self, piece: Optional[Text]) -> Tuple[bytearray, int]:
        """A copy of the problem (its bytes: an independent problem) with `piece` set in it;
        DlxError(DLX_ERR_ARG) saying what is wrong with a bad piece. This object's own problem
        never has a piece."""
        copy = self._copy()
        if piece is not None:
            decisions = _piece_decisions(piece)
            code = _lib.dlx_problem_piece(copy[1], decisions, len(decisions))
            if code == DLX_ERR_ARG:
                raise DlxError(DLX_ERR_ARG, detail="piece %r names an option outside 0..%d or one twice"
                               % (_shown(piece), len(self._options) - 1))
            if code < 0:
                _raise(code)
        return copy

    def _split(self, problem: int, k: int, ms: int) -> List["ctypes.Array[ctypes.c_int32]"]:
        """dlx_problem_split of `problem` (of its piece, when one is set) into at least `k`
        pieces, each as its decisions."""
        return [decisions for decisions, _ in self._split_sized(problem, k, ms)[0]]

    def _split_sized(self, problem: int, k: int, ms: int) -> Tuple[List[Tuple["ctypes.Array[ctypes.c_int32]", float]], int]:
        """dlx_problem_split_work of `problem` into at least `k` pieces, each as its decisions
        and the split's estimate of its size (inf past a double), and the split's work; the
        room doubled until they fit."""
        room = max(32 * k, 1024)
        used, work = ctypes.c_int64(0), ctypes.c_int64(0)
        while True:
            out = (ctypes.c_int32 * room)()
            code = _lib.dlx_problem_split_work(problem, k, out, room, ctypes.byref(used), ctypes.byref(work), ms)
            if code == DLX_ERR_CAPACITY and room < 1 << 28:
                room *= 2
                continue
            if code < 0:
                _raise(code)
            pieces, at = [], 0
            for j in range(code):
                n = out[at]
                pieces.append(((ctypes.c_int32 * n)(*out[at + 1:at + 1 + n]), _split_size(out[room - 1 - j])))
                at += 1 + n
            return pieces, work.value

    def pieces(self, k: int, max_ms: int = 0, piece: Optional[Text] = None) -> List[str]:
        """Cuts the problem into at least `k` pieces whose solutions partition its solutions
        (dlx_problem_split) and returns them in their text form, one str each: the piece's
        decisions, option `o` as "o" (in every solution of the piece) or "-1 - o" (in none),
        separated by single spaces ("12 -8 40"), as `dlx cover --split` prints them.

        `count(piece=p)` over the pieces adds up to `count()`, each solution is in exactly
        one piece's `solutions(piece=p)`, and the least cost is the least over the pieces'
        `minimum(piece=p)`: a piece can be searched by another process or machine that built
        the same problem (the same options added in the same order). The same problem and `k`
        give the same pieces on every machine. Pieces found to have no solution are left out,
        so a problem with few solutions may give fewer than `k` pieces (none when it has no
        solution). With `piece`, that piece is cut further (each result includes its
        decisions). Raises Timeout past `max_ms` milliseconds (0: no limit), DlxError for a
        `k` below 1 or a bad `piece`."""
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError("k must be int, not %s" % type(k).__name__)
        if not 1 <= k < 2 ** 27:
            raise DlxError(DLX_ERR_ARG, detail="k %d is outside 1..%d" % (k, 2 ** 27 - 1))
        ms = _int64(max_ms, "max_ms")
        copy = self._with_piece(piece)
        return [" ".join(map(str, decisions)) for decisions in self._split(copy[1], k, ms)]

    def estimate(self, paths: int = 10000, seed: int = 0, piece: Optional[Text] = None,
                 max_ms: int = 0) -> Union[float, int]:
        """Knuth's estimate of the size of the search tree (of `piece`'s, when given): the
        options count() would try, as `nodes` then reports them, estimated as the mean over
        `paths` random paths from the root (dlx_problem_estimate_size). The same `seed` gives
        the same estimate on every machine; the spread narrows as the square root of `paths`
        (with 10,000, within 2x on pentominoes 6x10). Costs about `paths` times the depth of
        the tree in nodes; `max_ms` (0: none) bounds it, as a path of a repeat cover can be
        thousands of nodes deep. Raises DlxError for `paths` below 1 or a bad `piece`,
        Timeout when the time runs out.

        A float, or past a float's range (2**1024, which a repeat cover's tree can pass) the
        estimate exactly as an int, which compares with floats and takes math.log as they do
        (math.log10 gives its digits): never inf."""
        for what, value in (("paths", paths), ("seed", seed)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError("%s must be int, not %s" % (what, type(value).__name__))
        if not 1 <= paths < 2 ** 31:
            raise DlxError(DLX_ERR_ARG, detail="paths %d is outside 1..%d" % (paths, 2 ** 31 - 1))
        if not 0 <= seed < 2 ** 64:
            raise DlxError(DLX_ERR_ARG, detail="seed %d is outside 0..2**64 - 1" % seed)
        ms = _int64(max_ms, "max_ms")
        copy = self._with_piece(piece)
        mantissa, exponent = ctypes.c_double(0.0), ctypes.c_int64(0)
        code = _lib.dlx_problem_estimate_size(copy[1], paths, seed, ctypes.byref(mantissa), ctypes.byref(exponent), ms)
        if code < 0:
            _raise(code)
        if exponent.value < 1024:
            return math.ldexp(mantissa.value, exponent.value)
        # The mantissa's 53 bits, shifted: exact.
        return int(mantissa.value * 2 ** 52) << (exponent.value - 52)

    def _base(self, piece: Optional[Text]) -> Tuple[Tuple[bytearray, int], int]:
        """A copy of the problem with `piece` set (see _with_piece) and its size in bytes: what
        the threads of a search copy, taken when the search is asked for."""
        return self._with_piece(piece), _lib.dlx_problem_size(self.primary + self.secondary, *self._room)

    def _threaded(self, base: Tuple[Tuple[bytearray, int], int], threads: int, ms: int, work,
                  cancel: Optional[ctypes.c_int32] = None, largest_first: bool = True) -> None:
        """Runs `work(problem, key, remaining_ms)` on `threads` Python threads over pieces of
        the problem `base` (from _base), `key` a tuple whose order is the pieces' in the
        search. As `dlx cover --threads` does: the problem is split into `threads` pieces, and
        each thread, with its own copy of the problem's memory, takes the largest piece
        waiting; one above a share (the first split's total over 4 * `threads`) that was not
        itself cut from a piece split again is split again, into as many pieces as it holds
        shares, while the others search. The split on one thread before any search is then
        small. `largest_first` False takes the pieces in the search's order instead, where the
        first solutions matter more than the last thread's finish (a generator, a limit).
        The ctypes calls release the GIL, so the searches run in parallel. `work` returns
        False to stop every thread (after their current piece, or at once when their searches
        poll `cancel`, which is then set); past `ms` (0: none) Timeout is raised. The first
        error raised by `work` is raised again; `nodes` is then the sum over the pieces
        searched and the splits' work."""
        started = time.monotonic()
        (memory, problem), size = base
        most = _SHARES_A_THREAD * threads
        first, split_work = self._split_sized(problem, threads, ms)
        share = sum(s for _, s in first) / most
        # Pieces waiting as (size, key, decisions, cut again), the one taken next last.
        if largest_first:
            order = lambda p: (p[0], tuple(-k for k in p[1]))  # noqa: E731
        else:
            order = lambda p: tuple(-k for k in p[1])  # noqa: E731
        ready = [(s, (j,), d, False) for j, (d, s) in enumerate(first)]
        ready.sort(key=order)
        cond = threading.Condition()
        splitting = [0]
        stop = threading.Event()
        errors: List[BaseException] = []
        nodes = [split_work]

        def halt():
            stop.set()
            if cancel is not None:
                cancel.value = 1  # an aligned 32-bit store: the searches read it whole
            with cond:
                cond.notify_all()

        def left_ms():
            if not ms:
                return 0
            left = ms - int((time.monotonic() - started) * 1000)
            if left <= 0:
                _raise(DLX_TIMEOUT)
            return left

        def take():
            with cond:
                while not stop.is_set():
                    if ready:
                        piece = ready.pop()
                        again = not piece[3] and piece[0] > share
                        splitting[0] += again
                        return piece, again
                    if not splitting[0]:
                        return None
                    cond.wait()
                return None

        def run():
            own, mine = _aligned(size)
            ctypes.memmove(mine, problem, size)
            try:
                while True:
                    taken = take()
                    if taken is None:
                        break
                    (estimate, key, decisions, _), again = taken
                    try:
                        code = _lib.dlx_problem_piece(mine, decisions, len(decisions))
                        if code < 0:
                            _raise(code)
                        if again:
                            shares = min(max(2, math.ceil(estimate / share) if estimate < math.inf else 2), most)
                            cut, spent = self._split_sized(mine, shares, left_ms())
                            with cond:
                                nodes[0] += spent
                                ready.extend((s, key + (j,), d, True) for j, (d, s) in enumerate(cut))
                                ready.sort(key=order)
                    finally:
                        if again:
                            with cond:
                                splitting[0] -= 1
                                cond.notify_all()
                    if again:
                        continue
                    going = work(mine, key, left_ms())
                    with cond:
                        nodes[0] += _lib.dlx_problem_nodes(mine)
                    if going is False:
                        halt()
            except BaseException as e:  # raised again on the calling thread
                with cond:
                    errors.append(e)
                halt()
            del own  # kept alive until the searches are done

        workers = [threading.Thread(target=run, daemon=True) for _ in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        self._last = (memory, problem)
        self._nodes = nodes[0]
        if errors:
            raise errors[0]

    def count(self, limit: Optional[int] = None, max_ms: int = 0, threads: Optional[int] = None,
              piece: Optional[Text] = None) -> int:
        """The number of solutions, counting stopped at `limit` (None: all). Raises Timeout
        past `max_ms` milliseconds (0: no limit).

        `piece` (a text from pieces() or `dlx cover --split`): the piece's solutions only.
        `threads` (None: this thread's one search): the problem (or the piece) is cut into
        8 * `threads` pieces searched on that many threads, each on its own copy of the
        problem; the same count. Raises DlxError (DLX_ERR_ARG, saying what) for a bad piece."""
        lim, ms = self._limit(limit), _int64(max_ms, "max_ms")
        workers = _threads(threads)
        if workers is None:
            copy = self._with_piece(piece) if piece is not None else (self._memory, self._problem)
            self._last, self._nodes = copy, None
            code = _lib.dlx_problem_search(copy[1], lim, ms, _VISIT(), None)
            if code < 0:
                _raise(code)
            return code
        if lim < 1:
            raise DlxError(DLX_ERR_ARG, detail="limit %d is below 1" % lim)
        total = [0]
        lock = threading.Lock()
        # Set once the limit is reached: the other threads' searches stop at their next look
        # at the clock, not at the end of their pieces.
        cancel = ctypes.c_int32(0)

        def work(problem, _index, left):
            with lock:
                want = lim - total[0]
            if want <= 0:
                return False
            code = _lib.dlx_problem_search_cancel(problem, want, left, ctypes.byref(cancel), _VISIT(), None)
            if code == _DLX_CANCELLED:
                return False
            if code < 0:
                _raise(code)
            with lock:
                total[0] += code
                return total[0] < lim

        self._threaded(self._base(piece), workers, ms, work, cancel, largest_first=limit is None)
        return min(total[0], lim)

    def solutions(self, limit: Optional[int] = None, max_ms: int = 0, threads: Optional[int] = None,
                  piece: Optional[Text] = None) -> Iterator[List[int]]:
        """The solutions, each a list of option indices ascending, in search order, as a
        generator: the search runs on a worker thread and waits while the caller has not taken
        the next few. Each solution comes once: with bounds, each set of options that meets
        every item's bounds; with colors, each set whose options agree on the colors of the
        secondary items they share. Closing the generator early ends the search. Raises
        Timeout (after the solutions found in time) past `max_ms` milliseconds.

        The generator searches a copy of the problem made by this call (its memory is the
        problem's, a few bytes an entry), so count(), minimum(), add() and other generators
        may be used while it is open: none of them changes what it yields.

        `piece`: the piece's solutions only (see pieces()). `threads`: the problem is cut into
        8 * `threads` pieces searched on that many threads; the same set of solutions, each
        once, but in another order (solutions come as the threads find them, so the order
        changes from run to run), and with `limit`, some `limit` of them."""
        lim, ms = self._limit(limit), _int64(max_ms, "max_ms")
        workers = _threads(threads)
        if workers is None:
            return self._covers(self._with_piece(piece), lim, ms)
        if lim < 1:
            raise DlxError(DLX_ERR_ARG, detail="limit %d is below 1" % lim)
        return self._threaded_covers(self._base(piece), workers, lim, ms)

    def _covers(self, copy: Tuple[bytearray, int], lim: int, ms: int) -> Iterator[List[int]]:
        # The search thread appends each solution to `found` and the generator takes them
        # from it, neither waiting for the other while there are some: the condition is
        # touched only when the generator has run dry (`reader`) or the search is _AHEAD
        # solutions ahead (`writer`, until the generator has taken half of them). Each sets
        # its flag under the condition before it looks at `found`, and the other looks at the
        # flag after changing `found`. A dry generator is woken at once by a solution found
        # more than a millisecond after the last wake-up, else by the _BATCH-th one or its own
        # timeout (1 ms after it ran dry, doubling up to 50 ms): not once per solution, which
        # would cost two thread switches each, and no solution waits long.
        problem = copy[1]
        found: "collections.deque[List[int]]" = collections.deque()
        turn = threading.Condition()
        flags = _Flags()
        result = []
        # Set when the generator closes: the search stops at its next look at the clock, even
        # deep in a subtree without solutions, where no visit comes to stop it.
        cancel = ctypes.c_int32(0)

        def visit(_context, options, count):
            found.append(options[:count])
            if flags.reader:
                now = time.monotonic()
                if len(found) >= _BATCH or now - flags.told >= 0.001:
                    flags.told = now
                    with turn:
                        turn.notify_all()
            if len(found) >= _AHEAD:
                with turn:
                    flags.writer = True
                    while len(found) > _AHEAD // 2 and not flags.stop:
                        turn.wait(0.05)
                    flags.writer = False
            return 1 if flags.stop else 0

        callback = _VISIT(visit)

        def run():
            try:
                result.append(_lib.dlx_problem_search_cancel(problem, lim, ms, ctypes.byref(cancel), callback, None))
            finally:
                with turn:
                    flags.done = True
                    turn.notify_all()

        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        try:
            while True:
                try:
                    cover = found.popleft()
                except IndexError:
                    with turn:
                        flags.reader = True
                        pause = 0.001
                        while not found and not flags.done:
                            turn.wait(pause)
                            pause = min(2 * pause, 0.05)
                        flags.reader = False
                        if not found:
                            break
                    continue
                if flags.writer and len(found) <= _AHEAD // 2:
                    with turn:
                        turn.notify_all()
                yield cover
            if result and result[0] < 0:
                _raise(result[0])
        finally:
            cancel.value = 1
            with turn:
                flags.stop = True
                turn.notify_all()
            worker.join()
            self._last, self._nodes = copy, None

    def _threaded_covers(self, base: Tuple[Tuple[bytearray, int], int], workers: int, lim: int,
                         ms: int) -> Iterator[List[int]]:
        # The threads' searches put each solution in a bounded queue (waiting while it is
        # full, so that they do not run far ahead of the caller) and the generator takes them.
        # A thread that has no more pieces puts _DONE; `halt` ends the searches early (the
        # generator closed, `limit` reached) through the visit's return value.
        found: "queue.Queue" = queue.Queue(maxsize=_AHEAD)
        halt = threading.Event()
        cancel = ctypes.c_int32(0)  # set with `halt`: the searches stop within their pieces
        failed: List[BaseException] = []

        def offer(item) -> bool:
            while not halt.is_set():
                try:
                    found.put(item, timeout=0.05)
                    return True
                except queue.Full:
                    continue
            return False

        def visit(_context, options, count):
            return 0 if offer(options[:count]) else 1

        callback = _VISIT(visit)

        def work(problem, _index, left):
            code = _lib.dlx_problem_search_cancel(problem, lim, left, ctypes.byref(cancel), callback, None)
            if code == _DLX_CANCELLED:
                return False
            if code < 0:
                _raise(code)
            return not halt.is_set()

        def run():
            try:
                self._threaded(base, workers, ms, work, cancel, largest_first=False)
            except BaseException as e:  # raised again by the generator
                failed.append(e)
            finally:
                offer(_DONE)

        runner = threading.Thread(target=run, daemon=True)
        runner.start()
        given = 0
        try:
            while given < lim:
                cover = found.get()
                if cover is _DONE:
                    break
                given += 1
                yield cover
            if given < lim and failed:
                raise failed[0]
        finally:
            halt.set()
            cancel.value = 1
            runner.join()

    def minimum(self, at_most: Optional[int] = None, max_ms: int = 0, threads: Optional[int] = None,
                piece: Optional[Text] = None) -> Optional[List[int]]:
        """A solution of the least total cost (with every option of cost 1, the fewest
        options; the first such in search order), as its option indices ascending; None when
        there is none. With `at_most`, the first solution the search finds whose total cost
        is at most that ("can K options do?"), None when no solution costs so little. The
        cost of the solution returned is then `self.cost`. Raises Timeout past `max_ms`.

        `piece`: the least of the piece's solutions (see pieces()). `threads`: the problem is
        cut into 8 * `threads` pieces searched on that many threads, each looking only for a
        solution cheaper than the best any thread has found so far (dlx_problem_minimum_below);
        the same least cost, and of the solutions of that cost the least of the earliest piece
        that has one: the same on every run with the same `threads`, though not always the one
        a single search returns (with `at_most`, the first any thread finds)."""
        capacity = max(len(self._options), 1)  # every option at most once
        ms = _int64(max_ms, "max_ms")
        bound = None if at_most is None else _int64(at_most, "at_most")
        workers = _threads(threads)
        self._cost = None
        if workers is None:
            out = (ctypes.c_int32 * capacity)()
            copy = self._with_piece(piece) if piece is not None else (self._memory, self._problem)
            self._last, self._nodes = copy, None
            if bound is None:
                code = _lib.dlx_problem_minimum(copy[1], out, capacity, ms)
            else:
                code = _lib.dlx_problem_at_most(copy[1], bound, out, capacity, ms)
            if code == DLX_UNSOLVABLE:
                return None
            if code < 0:
                _raise(code)
            self._cost = _lib.dlx_problem_cost(copy[1])
            return list(out[:code])
        # The best so far: its cost, the key of its piece (in the search's order), its options.
        best: List = [_INT64_MAX, (), None]
        lock = threading.Lock()
        # Set when the run ends early (a solution within `at_most` found, an error): the other
        # threads' searches stop at their next look at the clock, not at the end of their pieces.
        cancel = ctypes.c_int32(0)

        def work(problem, index, left):
            out = (ctypes.c_int32 * capacity)()
            with lock:
                cost, where = best[0], best[1]
            if bound is not None:
                code = _lib.dlx_problem_at_most_cancel(problem, bound, out, capacity, left, ctypes.byref(cancel))
            else:
                # A tie goes to the earlier piece, so that the answer does not depend on
                # which thread was quicker.
                below = cost + 1 if where > index and best[2] is not None else cost
                code = _lib.dlx_problem_minimum_below_cancel(problem, below, out, capacity, left,
                                                             ctypes.byref(cancel))
            if code == DLX_UNSOLVABLE:
                return True
            if code == _DLX_CANCELLED:
                return False
            if code < 0:
                _raise(code)
            found = _lib.dlx_problem_cost(problem)
            with lock:
                if best[2] is None or (found, index) < (best[0], best[1]):
                    best[:] = [found, index, list(out[:code])]
            return bound is None

        # Within a bound the first cover ends the search: take the pieces in the search's order,
        # as one search would meet them, not the largest first.
        self._threaded(self._base(piece), workers, ms, work, cancel, largest_first=at_most is None)
        if best[2] is None:
            return None
        self._cost = best[0]
        return best[2]

    @property
    def cost(self) -> Optional[int]:
        """The total cost of the solution the last minimum() returned (its number of options
        when every option costs 1); None before any, or when it returned None."""
        return self._cost

    @property
    def nodes(self) -> int:
        """Options tried by the last count(), minimum() or `solutions()` generator to end
        (Knuth's nodes without the root); 0 before any. With `threads`, the sum over the
        pieces and the work of the splits that made them (the options their short counts tried
        and the steps of their random paths), as `dlx cover --threads` reports."""
        if self._nodes is not None:
            return self._nodes
        return _lib.dlx_problem_nodes(self._last[1])

# Sudoku variants (dlx_variant_size, dlx_variant_solve): any side 4..25, any regions (jigsaw),
# the diagonals (X-Sudoku), extra units (windoku).
__all__ += ["solve_variant", "count_variant"]
_lib.dlx_variant_size.argtypes = [ctypes.c_int, ctypes.c_int]
_lib.dlx_variant_size.restype = ctypes.c_size_t
_lib.dlx_variant_solve.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.POINTER(ctypes.c_int32),
                                   ctypes.c_int, ctypes.POINTER(ctypes.c_int32), ctypes.c_char_p, ctypes.c_char_p,
                                   ctypes.c_int64, ctypes.c_int64]
_lib.dlx_variant_solve.restype = ctypes.c_int64


def _no_unit(symbol: Hashable) -> bool:
    """Whether an extra map's cell is in no unit: ".", None or -1."""
    return symbol is None or (isinstance(symbol, str) and symbol == ".") or (
        type(symbol) is int and symbol == -1)

RegionMap = Union[str, Sequence[Union[str, Sequence[Hashable]]]]


def _rows(name: str, layout: RegionMap) -> List[List[Hashable]]:
    """A map's rows as lists of symbols: a str is split into lines, a str row into its
    characters (spaces and tabs skipped), any other row taken as it is; blank lines are skipped."""
    if isinstance(layout, str):
        layout = layout.splitlines()
    if isinstance(layout, (bytes, bytearray)) or not isinstance(layout, collections.abc.Sequence):
        raise TypeError("%s must be a str or a list of rows, not %s" % (name, type(layout).__name__))
    rows = []
    for row in layout:
        if isinstance(row, str):
            row = [c for c in row if c not in " \t\r\n"]
            if not row:
                continue
        elif not isinstance(row, collections.abc.Sequence):
            raise TypeError("%s: a row must be a str or a list, not %s" % (name, type(row).__name__))
        rows.append(list(row))
    return rows


def _numbered(name: str, rows: List[List[Hashable]], side: int, extra: bool) -> "ctypes.Array[ctypes.c_int32]":
    """The map as `side * side` ints, symbols numbered in order of first appearance (for extra
    units, cells marked "." or None or -1 are -1); DlxError (DLX_ERR_ARG) for a map of the wrong
    shape or units of the wrong size, saying which."""
    if len(rows) != side:
        raise DlxError(DLX_ERR_ARG, detail="%s has %d rows, not %d" % (name, len(rows), side))
    numbers: Dict[Hashable, int] = {}
    cells = []
    for r, row in enumerate(rows):
        if len(row) != side:
            raise DlxError(DLX_ERR_ARG, detail="%s row %d has %d cells, not %d" % (name, r + 1, len(row), side))
        for symbol in row:
            if extra and _no_unit(symbol):
                cells.append(-1)
                continue
            try:
                cells.append(numbers.setdefault(symbol, len(numbers)))
            except TypeError:
                raise TypeError("%s: a cell must be hashable, not %s" % (name, type(symbol).__name__)) from None
    units = len(numbers)
    if (units != side) if not extra else (units > side):
        raise DlxError(DLX_ERR_ARG, detail="%s has %d units, %s %d" % (name, units, "not" if not extra else "more than",
                                                                        side))
    for symbol, number in numbers.items():
        size = cells.count(number)
        if size != side:
            raise DlxError(DLX_ERR_ARG, detail="%s: unit %r has %d cells, not %d" % (name, symbol, size, side))
    return (ctypes.c_int32 * len(cells))(*cells)


def _boxes(side: int) -> List[List[int]]:
    """The boxes of a side: `a` rows by `side // a` columns, `a` the largest divisor of `side`
    not above its square root (3x3 for 9, 2x3 for 6, 3x4 for 12); none for a prime side."""
    a = max(d for d in range(1, int(side ** 0.5) + 1) if side % d == 0)
    if a == 1:
        raise DlxError(DLX_ERR_ARG, detail="a side of %d has no boxes: give the regions" % side)
    b = side // a
    return [[r // a * a + c // b for c in range(side)] for r in range(side)]


def _cell_count(puzzle: Text) -> int:
    """The cells of a puzzle text as the library counts them: up to a NUL, whitespace aside
    (0 for what is no text: _text says so)."""
    if isinstance(puzzle, str):
        return sum(1 for c in puzzle.split("\0", 1)[0] if c not in " \t\r\n")
    if isinstance(puzzle, (bytes, bytearray)):
        return len(bytes(puzzle).split(b"\0", 1)[0].translate(None, b" \t\r\n"))
    _text(puzzle, 9)
    return 0


def _variant(puzzle: Text, regions: Optional[RegionMap], diagonals: bool, extra: Optional[RegionMap], limit: int,
             max_ms: int) -> Tuple[int, str]:
    """dlx_variant_solve: the count up to `limit` and the first solution ("" for none)."""
    if regions is None:
        cells = _cell_count(puzzle)
        side = int(round(cells ** 0.5))
        if not 4 <= side <= 25 or side * side != cells:
            raise DlxError(DLX_ERR_LENGTH, detail="%d cells are no square grid of side 4 to 25" % cells)
        text = _text(puzzle, side)
        rows = _boxes(side)
    else:
        rows = _rows("regions", regions)
        side = len(rows)
        if not 4 <= side <= 25:
            raise DlxError(DLX_ERR_ARG, detail="regions has %d rows: the side must be 4 to 25" % side)
        text = _text(puzzle, side)
    region_map = _numbered("regions", rows, side, False)
    extra_map = None if extra is None else _numbered("extra", _rows("extra", extra), side, True)
    units = 0 if extra_map is None else max(list(extra_map) + [-1]) + 1
    limit, max_ms = _int64(limit, "limit"), _int64(max_ms, "max_ms")
    size = _lib.dlx_variant_size(side, units)
    memory, address = _aligned(size)
    out = ctypes.create_string_buffer(side * side + 1)
    found = _lib.dlx_variant_solve(address, size, side, region_map, 1 if diagonals else 0, extra_map, text, out,
                                   limit, max_ms)
    del memory  # kept alive until the call has returned
    if found < 0:
        _raise_variant(found, text, side)
    return found, out.value.decode("ascii")


def _raise_variant(code: int, text: bytes, side: int) -> None:
    """_raise for a variant's text: a bad cell's row and column in a grid of `side`."""
    if code == DLX_ERR_CELL:
        alphabet = (b"0" + bytes(range(49, 49 + side))) if side <= 9 else bytes(range(65, 65 + side))
        cell = 0
        for byte in text.split(b"\0", 1)[0]:
            if byte in b" \t\r\n":
                continue
            if byte not in b"-." + alphabet:
                raise DlxError(code, cell // side + 1, cell % side + 1)
            cell += 1
    _raise(code)


def solve_variant(puzzle: Text, regions: Optional[RegionMap] = None, diagonals: bool = False,
                  extra: Optional[RegionMap] = None, max_ms: int = 0) -> str:
    """Solves a Sudoku variant of side 4 to 25: jigsaw (any `regions`), X-Sudoku (`diagonals`:
    the two main diagonals hold every digit once too), windoku and the like (`extra` units).

    `puzzle`: str or bytes, row-major, whitespace skipped: for sides up to 9, '1'..the side a
    given and '0', '.' or '-' a blank; for sides 10 to 25, 'A'.. a given and '.' or '-' a
    blank. `regions`: one row per grid row, each cell's symbol naming its region: a str of
    lines ("aabbb\\n...", spaces skipped), a list of str rows, or a list of lists of any
    hashable symbols (e.g. ints); its row count is the side; it must make `side` regions of
    `side` cells (connected or not). None: the side from the puzzle's cell count and its boxes
    (3x3 for 9x9, 2x3 for 6x6, 3x4 for 12x12; a prime side needs `regions`). `extra`: a map as
    `regions` of up to `side` extra units of `side` cells each, "." (in a str) or None or -1
    for a cell in none. Returns the solution as `side * side` symbols of the puzzle's alphabet;
    the same one on every call when there are several. Raises Unsolvable (none, repeated
    givens included), Timeout past `max_ms` milliseconds (0: no limit), DlxError with
    DLX_ERR_LENGTH, DLX_ERR_CELL (with the cell's row and column) or DLX_ERR_ARG (a map of the
    wrong shape or units of the wrong size: `.detail` says which)."""
    found, solution = _variant(puzzle, regions, diagonals, extra, 1, max_ms)
    if found == 0:
        raise Unsolvable(DLX_UNSOLVABLE)
    return solution


def count_variant(puzzle: Text, regions: Optional[RegionMap] = None, diagonals: bool = False,
                  extra: Optional[RegionMap] = None, limit: int = 2, max_ms: int = 0) -> int:
    """The number of solutions of a Sudoku variant (arguments as for solve_variant), counting
    stopped at `limit` (at least 1; 2: none, unique or several); 0 when there is none.
    Raises Timeout past `max_ms`, DlxError otherwise."""
    return _variant(puzzle, regions, diagonals, extra, limit, max_ms)[0]
