import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BINDINGS = os.path.dirname(HERE)
ROOT = os.path.normpath(os.path.join(BINDINGS, "..", ".."))
sys.path.insert(0, BINDINGS)


import subprocess

import pytest


@pytest.fixture(scope="session")
def venv(tmp_path_factory):
    """A fresh virtual environment with the package installed as users install it
    (`pip install bindings/python`: the build runs cargo and bundles libdlx.so), and Dask for
    the scaling recipe (a test-only dependency). Returns its python and a clean environment."""
    root = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(root)], check=True)
    python = str(root / "bin" / "python")
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env.pop("DLX_LIBRARY", None)
    for what in ([BINDINGS], ["dask[distributed]==2026.8.0"]):
        run = subprocess.run([python, "-m", "pip", "install", "--quiet", *what], capture_output=True, text=True, env=env)
        assert run.returncode == 0, run.stdout + run.stderr
    return python, env
