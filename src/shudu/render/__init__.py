"""Pictures of grids, candidate states and logical steps: SVG, and PNG or PDF through
CairoSVG (the ``pictures`` extra).

>>> from shudu.render import svg
>>> svg("." * 16).count('class="cell"')
16
"""

from .picture import PALETTE, svg

__all__ = ["PALETTE", "svg"]
