import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BINDINGS = os.path.dirname(HERE)
ROOT = os.path.normpath(os.path.join(BINDINGS, "..", ".."))
sys.path.insert(0, BINDINGS)
