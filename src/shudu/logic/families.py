"""Imports every technique family so that each registers its techniques."""

from . import (
    colouring,  # noqa: F401
    patterns,  # noqa: F401
    singles,  # noqa: F401
    uniqueness,  # noqa: F401
    wings,  # noqa: F401
)
