"""The least repeat cover of one instance by OR-Tools CP-SAT, for `make bench-family`.

Reads the file the bench wrote (the item count, then one option a line as item numbers) and
prints the optimum and the solve time in ms (best of 3, or the first when it takes over a
second; the model built once), or `-`, the time and `timeout` past LIMIT_S.
"""
import sys
import time

from ortools.sat.python import cp_model

# Seconds CP-SAT may take on one instance before the bench reports that it gave up.
LIMIT_S = 60


def main(path):
    lines = open(path).read().split("\n")
    items = int(lines[0])
    options = [[int(i) for i in line.split()] for line in lines[1:] if line.strip()]
    model = cp_model.CpModel()
    x = [model.NewBoolVar(f"o{k}") for k in range(len(options))]
    for i in range(items):
        model.AddBoolOr([x[k] for k, o in enumerate(options) if i in o])
    model.Minimize(sum(x))
    best = None
    for _ in range(3):
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = LIMIT_S
        started = time.perf_counter()
        status = solver.Solve(model)
        ms = (time.perf_counter() - started) * 1e3
        if status != cp_model.OPTIMAL:
            print("-", f"{ms:.2f}", "timeout")
            return
        best = ms if best is None else min(best, ms)
        if ms > 1000:
            break
    print(int(solver.ObjectiveValue()), f"{best:.2f}")


if __name__ == "__main__":
    main(sys.argv[1])
