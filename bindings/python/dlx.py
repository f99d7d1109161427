"""Python bindings for libdlx (ctypes, standard library only).

    import dlx
    print(dlx.solve16(puzzle_text))        # 256 letters A..P
    score, best = dlx.target_max(grid)     # grid: 81 ints, 0 blank

The shared library is found, in this order, at the path in the DLX_LIBRARY environment
variable, in this repository's build directory (target/release/libdlx.so, after `make`), or
by the system loader (libdlx.so.MAJOR, after `make install`). Calls release the GIL, so
threads run them in parallel; the library is reentrant and keeps no state.
"""

import ctypes
import ctypes.util
import os

__all__ = ["DlxError", "Unsolvable", "solve16", "target_max", "version", "library_path",
           "DLX_OK", "DLX_UNSOLVABLE", "DLX_ERR_NULL", "DLX_ERR_LENGTH", "DLX_ERR_CELL"]

# The status codes of include/dlx.h (tests/test_dlx.py checks them against the header).
DLX_OK = 0
DLX_UNSOLVABLE = -1
DLX_ERR_NULL = -2
DLX_ERR_LENGTH = -3
DLX_ERR_CELL = -4
DLX16_OUT_LEN = 257
DLX9_CELLS = 81
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
_lib.dlx_solve16.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_lib.dlx_solve16.restype = ctypes.c_int
_lib.dlx_target_max.argtypes = [ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
_lib.dlx_target_max.restype = ctypes.c_int
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


def _raise(code):
    raise Unsolvable(code) if code == DLX_UNSOLVABLE else DlxError(code)


def version():
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _lib.dlx_version().decode("ascii")


__version__ = version()


def solve16(puzzle):
    """Solves a 16x16 Sudoku: `puzzle` is str or bytes with 256 cells (A..P given, '-' or '.'
    blank; whitespace skipped). Returns the 256 solved letters as a str. Raises Unsolvable, or
    DlxError with code DLX_ERR_LENGTH or DLX_ERR_CELL. As in C, a NUL character ends the text."""
    if isinstance(puzzle, str):
        try:
            puzzle = puzzle.encode("ascii")
        except UnicodeEncodeError:
            raise DlxError(DLX_ERR_CELL) from None
    if not isinstance(puzzle, (bytes, bytearray)):
        raise TypeError("puzzle must be str or bytes, not %s" % type(puzzle).__name__)
    out = ctypes.create_string_buffer(DLX16_OUT_LEN)
    code = _lib.dlx_solve16(bytes(puzzle), out)
    if code != DLX_OK:
        _raise(code)
    return out.value.decode("ascii")


_INT_MIN, _INT_MAX = -(2 ** 31), 2 ** 31 - 1


def target_max(grid):
    """Target Sudoku: `grid` is 81 ints, row-major, 0 blank, 1..9 a given. Returns
    (score, best): the exact maximum score and a completion (list of 81 ints) reaching it.
    Raises Unsolvable when there is no completion, DlxError(DLX_ERR_LENGTH) when grid does not
    hold 81 values, DlxError(DLX_ERR_CELL) when a value is outside 0..9."""
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
    code = _lib.dlx_target_max(cells, best)
    if code < 0:
        _raise(code)
    return code, list(best)
