"""Words of Sudoku Explainer's nested forcing chains (``nested-forcing-chain``): what a
chain may use at each nesting level, and the sentence that explains a step.

>>> inside_text(1, "en")
'singles, intersections, hidden and naked pairs and X-Wings'
>>> inside_text(2, "zh")
'唯一数、区块、显性和隐性数对、X翼，以及强制链'
"""

from __future__ import annotations

__all__ = ["inside_text", "nested_text"]

_INSIDE = {
    "en": ("singles, intersections, hidden and naked pairs and X-Wings",
           "forcing chains", "multiple forcing chains", "dynamic forcing chains"),
    "zh": ("唯一数、区块、显性和隐性数对、X翼", "强制链", "多重强制链", "动态强制链"),
}


def inside_text(level: int, lang: str = "en") -> str:
    """What the chains of a nested forcing chain of ``level`` (1-5, SE's) may use.

    >>> inside_text(4, "en")
    'singles, intersections, hidden and naked pairs and X-Wings, and dynamic forcing chains'
    """
    words = _INSIDE["zh" if lang == "zh" else "en"]
    extra = words[min(level, 4) - 1] if level >= 2 else ""
    if level >= 5:
        extra += "（其中再嵌套）" if lang == "zh" else " (nested in turn)"
    if not extra:
        return words[0]
    return f"{words[0]}，以及{extra}" if lang == "zh" else f"{words[0]}, and {extra}"


def nested_text(intro: str, level: int, contradiction: bool, result: str,
                lang: str = "en") -> str:
    """The sentence of a nested forcing chain step: ``intro`` (what is assumed), the
    level's tools, and the ``result``.

    >>> nested_text("Suppose r1c1 is 5.", 1, True, "r1c1 <> 5", "en")
    'Suppose r1c1 is 5. Following singles, intersections, hidden and naked pairs and \
X-Wings (a level-1 nested forcing chain) leads to a contradiction, so r1c1 <> 5.'
    """
    tools = inside_text(level, lang)
    if lang == "zh":
        end = "会出现矛盾" if contradiction else "每种情况都得到同样的结论"
        return f"{intro} 用{tools}推下去（{level}层嵌套强制链）{end}，所以{result}。"
    end = "leads to a contradiction" if contradiction else (
        "gives the same conclusion in every case")
    return (f"{intro} Following {tools} (a level-{level} nested forcing chain) {end}, "
            f"so {result}.")
