"""What the Python benchmarks share: the best of a few runs, and the section of docs/benchmarks.md
each rewrites."""

import time
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent.parent / "docs" / "benchmarks.md"


def write_section(name, title, body):
    """Replaces section `name` of docs/benchmarks.md with the latest run (as the Rust benches do)."""
    text = OUT.read_text() if OUT.exists() else "# Benchmarks\n"
    start, end = "<!-- bench: %s -->" % name, "<!-- /bench: %s -->" % name
    section = "%s\n## %s\n\n%s\n%s" % (start, title, body.rstrip(), end)
    if start in text and end in text:
        text = text[: text.index(start)] + section + text[text.index(end) + len(end) :]
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    OUT.write_text(text)


def best_of(runs, fn, *args):
    """`fn(*args)` run `runs` times: its (last) result and its fastest time in seconds."""
    result, best = None, float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        result = fn(*args)
        best = min(best, time.perf_counter() - start)
    return result, best
