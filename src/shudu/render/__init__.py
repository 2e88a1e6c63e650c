"""Pictures of grids, candidate states and logical steps: SVG (:func:`svg`), and PNG or PDF
(:func:`png`, :func:`pdf`) through CairoSVG, the ``pictures`` extra.

>>> from shudu.render import svg
>>> svg("." * 16).count('class="cell"')
16
"""

from .picture import CELL_PX, PALETTE, ROLE_CLASSES, default_width, svg
from .raster import cairo_problem, pdf, png

__all__ = ["CELL_PX", "PALETTE", "ROLE_CLASSES", "cairo_problem", "default_width", "pdf",
           "png", "svg"]
