"""Pictures: grids, candidate states and logical steps drawn for people.

SVG (:func:`svg`), and PNG or PDF (:func:`png`, :func:`pdf`) through CairoSVG, the
``pictures`` extra; a whole logic path as one self-contained HTML page
(:func:`walkthrough_html`).

>>> from shudu.pictures import svg
>>> svg("." * 16).count('class="cell"')
16
"""

from .picture import CELL_PX, PALETTE, ROLE_CLASSES, default_width, svg
from .raster import cairo_problem, pdf, png
from .walkthrough import walkthrough_html

__all__ = ["CELL_PX", "PALETTE", "ROLE_CLASSES", "cairo_problem", "default_width", "pdf",
           "png", "svg", "walkthrough_html"]
