"""PNG and PDF pictures: the SVG of :func:`shudu.pictures.svg` drawn by CairoSVG.

CairoSVG (the ``pictures`` extra: ``pip install 'shudu[pictures]'``) needs the system
Cairo library (``apt-get install libcairo2``); when either is missing,
:class:`~shudu.errors.PicturesUnavailable` says what to install.

>>> picture = png("." * 16) if cairo_problem() is None else b"\\x89PNG\\r\\n\\x1a\\n"
>>> picture[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from ..errors import PicturesUnavailable
from .picture import svg

if TYPE_CHECKING:
    from ..logic.step import Step
    from ..values.candidates import Candidates
    from ..values.grid import Grid

__all__ = ["cairo_problem", "pdf", "png"]


def _cairosvg() -> ModuleType:
    """The CairoSVG module, or :class:`PicturesUnavailable` naming what is missing."""
    try:
        import cairosvg
    except ImportError as e:
        raise PicturesUnavailable("cairosvg") from e
    except OSError as e:   # cairocffi found no libcairo
        raise PicturesUnavailable("the Cairo library (libcairo2)") from e
    return cairosvg


def cairo_problem() -> str | None:
    """What is missing for PNG and PDF pictures, as the one line to show, or ``None``.

    >>> cairo_problem() is None or "apt-get install libcairo2" in cairo_problem()
    True
    """
    try:
        _cairosvg()
    except PicturesUnavailable as e:
        return str(e)
    return None


def png(obj: Grid | Candidates | str, *, step: Step | None = None,
        candidates: bool | None = None, solution: bool = False, size: int | None = None,
        legend: bool = False, lang: str = "en", title: str | None = None,
        id_prefix: str = "", scale: float = 1.0, dpi: int = 96) -> bytes:
    """A PNG picture: :func:`~shudu.pictures.svg` with the same options, drawn at ``scale``
    (2.0 doubles the pixels) and ``dpi``.

    >>> picture = png("." * 16, scale=0.5) if cairo_problem() is None else b"\\x89PNG"
    >>> picture[:4] == b"\\x89PNG"
    True
    """
    return _draw("svg2png", obj, step, candidates, solution, size, legend, lang, title,
                 id_prefix, scale, dpi)


def pdf(obj: Grid | Candidates | str, *, step: Step | None = None,
        candidates: bool | None = None, solution: bool = False, size: int | None = None,
        legend: bool = False, lang: str = "en", title: str | None = None,
        id_prefix: str = "", scale: float = 1.0, dpi: int = 96) -> bytes:
    """A PDF picture (one page the size of the picture): :func:`~shudu.pictures.svg` with the
    same options.

    >>> (pdf("." * 16) if cairo_problem() is None else b"%PDF-")[:5]
    b'%PDF-'
    """
    return _draw("svg2pdf", obj, step, candidates, solution, size, legend, lang, title,
                 id_prefix, scale, dpi)


def _draw(how: str, obj: Grid | Candidates | str, step: Step | None,
          candidates: bool | None, solution: bool, size: int | None, legend: bool, lang: str,
          title: str | None, id_prefix: str, scale: float, dpi: int) -> bytes:
    if not scale > 0:
        raise ValueError(f"scale must be positive, got {scale}")
    if not dpi > 0:
        raise ValueError(f"dpi must be positive, got {dpi}")
    cairosvg = _cairosvg()
    text = svg(obj, step=step, candidates=candidates, solution=solution, size=size,
               legend=legend, lang=lang, title=title, id_prefix=id_prefix)
    return bytes(getattr(cairosvg, how)(bytestring=text.encode("utf-8"), scale=scale, dpi=dpi))
