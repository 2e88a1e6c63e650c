"""Imports every technique family so that each registers its techniques."""

from .techniques.classic import (  # noqa: F401
    aligned,
    als,
    bug,
    chains,
    colouring,
    exocet,
    fish,
    forcing,
    intersections,
    kraken,
    msls,
    nested,
    patterns,
    sdc,
    singles,
    sk_loop,
    subsets,
    templates,
    tridagon,
    unique_loops,
    uniqueness,
    wings,
)
from .techniques.variant import (  # noqa: F401
    cage_sums,
    constraints,
    killer,
    killer_forcing,
    killer_nested,
    killer_verity,
)
