"""Words of pictures (SVG, PNG, PDF): titles, legends and the names of a step's roles.

>>> role_label("pivot", "zh"), role_label("als-a", "en"), role_label("x-y", "en")
('枢纽', 'ALS A', 'x y')
>>> role_label("petal-3", "zh"), role_label("assumed", "en"), role_label("colour-b2", "zh")
('花瓣 3', 'supposed', '颜色 B2')
"""

from __future__ import annotations

__all__ = ["LEGEND", "NEGATIVE", "ROLES", "role_label"]

LEGEND: dict[str, dict[str, str]] = {
    "en": {
        "puzzle": "Sudoku puzzle", "state": "Sudoku candidates", "solution": "Sudoku solution",
        "x": "X diagonals", "windoku": "windoku", "jigsaw": "jigsaw",
        "anti-knight": "anti-knight", "anti-king": "anti-king",
        "anti-knight-rule": "Anti-knight: equal digits never a knight's move apart",
        "anti-king-rule": "Anti-king: equal digits never a king's move apart",
        "disjoint-rule": "Disjoint groups: a box position never repeats a digit",
        "non-consecutive-rule": "Non-consecutive: side neighbours never differ by 1",
        "negative-rule": "No {what} where none is drawn",
        "elim": "eliminated candidate", "place": "digit to place", "house": "house used",
        "strong": "strong link", "weak": "weak link", "cause": "cells of the pattern",
        "given": "given", "placed": "placed digit", "cand": "candidate",
    },
    "zh": {
        "puzzle": "数独题目", "state": "数独候选数", "solution": "数独答案",
        "x": "对角线", "windoku": "窗口", "jigsaw": "锯齿",
        "anti-knight": "无马步", "anti-king": "无王步",
        "anti-knight-rule": "无马步：相同数字不能相隔马步",
        "anti-king-rule": "无王步：相同数字不能相隔王步",
        "disjoint-rule": "同位组：各宫相同位置的格子数字不同",
        "non-consecutive-rule": "非连续：左右上下相邻的数字不连续",
        "negative-rule": "没画{what}的地方都不是{what}",
        "elim": "删除的候选数", "place": "填入的数字", "house": "用到的区域",
        "strong": "强链", "weak": "弱链", "cause": "构成结构的格子",
        "given": "提示数", "placed": "已填数字", "cand": "候选数",
    },
}
"""A picture's title (``puzzle``, ``state``, ``solution``), variant names and legend."""

ROLES: dict[str, dict[str, str]] = {
    "en": {
        "base": "base", "cover": "cover", "fin": "fin", "endo-fin": "endo fin", "pivot": "pivot",
        "pincer": "pincer", "wing": "wing", "cell": "cell", "house": "house", "subset": "subset",
        "chain": "chain", "roof": "roof", "floor": "floor", "rectangle": "rectangle",
        "target": "target", "strong": "strong link", "link": "link", "end": "end",
        "start": "start", "stem": "stem", "rcc": "restricted common", "z": "z digit",
        "line": "line", "box": "box", "lines": "lines", "cross": "cross", "common": "common",
        "placed": "placed", "intersection": "intersection", "line-set": "line set",
        "box-set": "box set", "branch": "branch", "clash": "clash", "als": "ALS",
        "assumed": "supposed", "trials": "broken trial",
        "bug": "BUG cell", "cage": "cage", "constraint": "constraint", "sum": "sum",
        "excluder": "excluding cell", "extra": "extra cell", "group": "group",
        "guardian": "guardian", "loop": "loop", "pattern": "pattern", "s-cells": "S cells",
        "set": "set",
    },
    "zh": {
        "base": "基础", "cover": "覆盖", "fin": "鳍", "endo-fin": "内鳍", "pivot": "枢纽",
        "pincer": "钳子", "wing": "翼", "cell": "格子", "house": "区域", "subset": "数组",
        "chain": "链", "roof": "屋顶", "floor": "地板", "rectangle": "矩形", "target": "目标",
        "strong": "强链", "link": "链接", "end": "端点", "start": "起点", "stem": "花茎",
        "rcc": "受限公共数", "z": "z 数字", "line": "行列", "box": "宫", "lines": "行列",
        "cross": "交叉", "common": "公共", "placed": "已填", "intersection": "交叉格",
        "line-set": "行列部分", "box-set": "宫部分", "branch": "分支", "clash": "矛盾",
        "als": "待定数组", "assumed": "假设", "trials": "失败的试探",
        "bug": "BUG 格", "cage": "杀手笼", "constraint": "约束", "sum": "和",
        "excluder": "排除格", "extra": "额外格", "group": "组", "guardian": "守护格",
        "loop": "环", "pattern": "模式", "s-cells": "S 格", "set": "集合",
    },
}
"""The names of a step's roles (base, cover, fin ...) in a legend."""

NEGATIVE: dict[str, dict[str, str]] = {
    "en": {"kropki": "Kropki dot", "white": "white dot", "black": "black dot",
           "xv": "X or V", "x": "X", "v": "V"},
    "zh": {"kropki": "黑白点", "white": "白点", "black": "黑点", "xv": "X或V", "x": "X", "v": "V"},
}
"""What a negative constraint's family is called in a legend."""


def role_label(role: str, lang: str) -> str:
    """A role's name in a legend: :data:`ROLES`, ``ALS A`` for ``als-a``, ``petal 3`` for
    ``petal-3``, ``colour B2`` for ``colour-b2``, else the role with spaces for hyphens."""
    words = ROLES["zh" if lang == "zh" else "en"].get(role)
    if words is None:
        if role.startswith("als-"):
            return f"ALS {role[4:].upper()}"
        if role.startswith("petal-"):
            return f"花瓣 {role[6:]}" if lang == "zh" else f"petal {role[6:]}"
        if role.startswith("colour-"):   # colour-a, colour-b2 ...: a colouring's clusters
            return f"颜色 {role[7:].upper()}" if lang == "zh" else f"colour {role[7:].upper()}"
        return role.replace("-", " ")
    return words
