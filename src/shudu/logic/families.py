"""Imports every technique family so that each registers its techniques."""

from . import (
    als,  # noqa: F401
    chains,  # noqa: F401
    colouring,  # noqa: F401
    exocet,  # noqa: F401
    fish,  # noqa: F401
    forcing,  # noqa: F401
    intersections,  # noqa: F401
    killer,  # noqa: F401
    killer_forcing,  # noqa: F401
    kraken,  # noqa: F401
    msls,  # noqa: F401
    patterns,  # noqa: F401
    sdc,  # noqa: F401
    singles,  # noqa: F401
    sk_loop,  # noqa: F401
    subsets,  # noqa: F401
    templates,  # noqa: F401
    tridagon,  # noqa: F401
    uniqueness,  # noqa: F401
    variants,  # noqa: F401
    wings,  # noqa: F401
)
