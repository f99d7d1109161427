"""The build step of the libdlx wheel: builds the C library with cargo (the Rust toolchain is
the one build requirement beyond setuptools) and bundles libdlx.so beside the module, so the
installed package needs nothing else. Metadata lives in pyproject.toml."""

import os
import re
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


class BuildWithLibrary(build_py):
    def run(self):
        subprocess.run(["cargo", "build", "--release", "-p", "dlx"], cwd=ROOT, check=True)
        super().run()
        target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
        shutil.copy2(os.path.join(target, "release", "libdlx.so"), os.path.join(self.build_lib, "libdlx", "libdlx.so"))


class BinaryDistribution(Distribution):
    """The wheel carries a compiled library: tag it for this platform, not as pure Python."""

    def has_ext_modules(self):
        return True


def cargo_version():
    with open(os.path.join(ROOT, "Cargo.toml")) as f:
        return re.search(r'^version = "([^"]+)"', f.read(), re.M).group(1)


setup(version=cargo_version(), cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
