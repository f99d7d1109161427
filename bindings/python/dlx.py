"""Python bindings for libdlx (ctypes, standard library only).

    import dlx
    print(dlx.solve9(puzzle_text))         # 81 digits 1..9
    print(dlx.solve16(puzzle_text))        # 256 letters A..P
    print(dlx.count16(puzzle_text, 2))     # 0, 1 or 2: none, unique, several
    score, best = dlx.target_max(grid)     # grid: 81 ints, 0 blank

Every call takes a `max_ms` keyword (0, the default: no limit); past it, dlx.Timeout.

The shared library is found, in this order, at the path in the DLX_LIBRARY environment
variable, in this repository's build directory (target/release/libdlx.so, after `make`), or
by the system loader (libdlx.so.MAJOR, after `make install`). Calls release the GIL, so
threads run them in parallel; the library is reentrant and keeps no state.
"""

import ctypes
import ctypes.util
import os

__all__ = ["DlxError", "Unsolvable", "Timeout", "solve9", "solve16", "count9", "count16", "target_max",
           "version", "library_path", "DLX_OK", "DLX_UNSOLVABLE", "DLX_ERR_NULL", "DLX_ERR_LENGTH",
           "DLX_ERR_CELL", "DLX_ERR_ARG", "DLX_ERR_CAPACITY", "DLX_TIMEOUT"]

# The status codes of include/dlx.h (tests/test_dlx.py checks them against the header).
DLX_OK = 0
DLX_UNSOLVABLE = -1
DLX_ERR_NULL = -2
DLX_ERR_LENGTH = -3
DLX_ERR_CELL = -4
DLX_ERR_ARG = -5
DLX_ERR_CAPACITY = -6
DLX_TIMEOUT = -7
DLX16_OUT_LEN = 257
DLX9_CELLS = 81
DLX9_OUT_LEN = 82
# The soname's major version this module was written against.
_MAJOR = 0


def _candidates():
    env = os.environ.get("DLX_LIBRARY")
    if env:
        return [env]
    here = os.path.dirname(os.path.abspath(__file__))
    build = os.path.normpath(os.path.join(here, "..", "..", "target", "release", "libdlx.so"))
    found = [build] if os.path.exists(build) else []
    return found + ["libdlx.so.%d" % _MAJOR, ctypes.util.find_library("dlx") or "libdlx.so"]


def _load():
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
_lib.dlx_solve9.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_lib.dlx_solve9.restype = ctypes.c_int
for _count in (_lib.dlx_count9, _lib.dlx_count16):
    _count.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_int64]
    _count.restype = ctypes.c_int64
_lib.dlx_target_max_within.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), ctypes.c_int64]
_lib.dlx_target_max_within.restype = ctypes.c_int
_lib.dlx_strerror.argtypes = [ctypes.c_int]
_lib.dlx_strerror.restype = ctypes.c_char_p
_lib.dlx_version.argtypes = []
_lib.dlx_version.restype = ctypes.c_char_p


class DlxError(Exception):
    """A status code from libdlx other than success, with dlx_strerror's sentence."""

    def __init__(self, code):
        self.code = code
        self.message = _lib.dlx_strerror(code).decode("ascii")
        super().__init__("%s (dlx status %d)" % (self.message, code))


class Unsolvable(DlxError):
    """DLX_UNSOLVABLE: well-formed input without a valid completion."""


class Timeout(DlxError):
    """DLX_TIMEOUT: the max_ms time limit ran out before an answer was proven."""


def _raise(code):
    raise {DLX_UNSOLVABLE: Unsolvable, DLX_TIMEOUT: Timeout}.get(code, DlxError)(code)


_INT64_MAX = 2 ** 63 - 1


def _int64(value, name):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s must be int, not %s" % (name, type(value).__name__))
    if not -(2 ** 63) <= value <= _INT64_MAX:
        raise DlxError(DLX_ERR_ARG)
    return value


def _text(puzzle):
    if isinstance(puzzle, str):
        try:
            puzzle = puzzle.encode("ascii")
        except UnicodeEncodeError:
            raise DlxError(DLX_ERR_CELL) from None
    if not isinstance(puzzle, (bytes, bytearray)):
        raise TypeError("puzzle must be str or bytes, not %s" % type(puzzle).__name__)
    return bytes(puzzle)


def version():
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _lib.dlx_version().decode("ascii")


__version__ = version()


def solve16(puzzle, max_ms=0):
    """Solves a 16x16 Sudoku: `puzzle` is str or bytes with 256 cells (A..P given, '-' or '.'
    blank; whitespace skipped). Returns the 256 solved letters as a str. Raises Unsolvable,
    Timeout past `max_ms` milliseconds (0: no limit), or DlxError with code DLX_ERR_LENGTH,
    DLX_ERR_CELL or DLX_ERR_ARG. As in C, a NUL character ends the text."""
    out = ctypes.create_string_buffer(DLX16_OUT_LEN)
    code = _lib.dlx_solve16_within(_text(puzzle), out, _int64(max_ms, "max_ms"))
    if code != DLX_OK:
        _raise(code)
    return out.value.decode("ascii")


def solve9(puzzle):
    """Solves a 9x9 Sudoku: `puzzle` is str or bytes with 81 cells (1..9 given; '0', '.' or '-'
    blank; whitespace skipped). Returns the 81 solved digits as a str. Raises Unsolvable, or
    DlxError with code DLX_ERR_LENGTH or DLX_ERR_CELL."""
    out = ctypes.create_string_buffer(DLX9_OUT_LEN)
    code = _lib.dlx_solve9(_text(puzzle), out)
    if code != DLX_OK:
        _raise(code)
    return out.value.decode("ascii")


def count9(puzzle, limit=2, max_ms=0):
    """The number of solutions of a 9x9 Sudoku (text as for solve9), counting stopped at
    `limit` (2: none, unique or several). Raises Timeout past `max_ms`, DlxError otherwise."""
    code = _lib.dlx_count9(_text(puzzle), _int64(limit, "limit"), _int64(max_ms, "max_ms"))
    if code < 0:
        _raise(code)
    return code


def count16(puzzle, limit=2, max_ms=0):
    """The number of solutions of a 16x16 Sudoku (text as for solve16), as count9 does."""
    code = _lib.dlx_count16(_text(puzzle), _int64(limit, "limit"), _int64(max_ms, "max_ms"))
    if code < 0:
        _raise(code)
    return code


_INT_MIN, _INT_MAX = -(2 ** 31), 2 ** 31 - 1


def target_max(grid, max_ms=0):
    """Target Sudoku: `grid` is 81 ints, row-major, 0 blank, 1..9 a given. Returns
    (score, best): the exact maximum score and a completion (list of 81 ints) reaching it.
    Raises Unsolvable when there is no completion, Timeout past `max_ms` milliseconds (0: no
    limit), DlxError(DLX_ERR_LENGTH) when grid does not hold 81 values, DlxError(DLX_ERR_CELL)
    when a value is outside 0..9."""
    values = list(grid)
    if len(values) != DLX9_CELLS:
        raise DlxError(DLX_ERR_LENGTH)
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError("grid values must be int, not %s" % type(v).__name__)
        if not _INT_MIN <= v <= _INT_MAX:
            raise DlxError(DLX_ERR_CELL)  # would not fit a C int; outside 0..9 all the same
    cells = (ctypes.c_int * DLX9_CELLS)(*values)
    best = (ctypes.c_int * DLX9_CELLS)()
    code = _lib.dlx_target_max_within(cells, best, _int64(max_ms, "max_ms"))
    if code < 0:
        _raise(code)
    return code, list(best)
