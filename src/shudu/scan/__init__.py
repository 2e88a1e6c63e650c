"""Read a Sudoku puzzle from a photo or a screenshot (needs the ``scan`` extra: OpenCV).

:func:`scan` finds the grid, straightens it, reads the cells with a small network whose
weights ship here (``weights.npz``, trained by ``scripts/train_scan.py``) and checks the
reading; :mod:`.synth` makes the synthetic photographs it is trained and tested on.

The package itself is callable, so ``shudu.scan(image)`` is :func:`scan`:

>>> import shudu
>>> callable(shudu.scan), shudu.scan.ScanResult is ScanResult
(True, True)
"""

import sys
import types
from typing import Any

from . import marks, screen  # noqa: F401 (they register their stages with the reader)
from .reader import STATUSES, ScanError, ScanResult, scan


class _CallableModule(types.ModuleType):
    def __call__(self, image: Any, **options: Any) -> ScanResult:
        return scan(image, **options)


sys.modules[__name__].__class__ = _CallableModule

__all__ = ["STATUSES", "ScanError", "ScanResult", "scan"]
