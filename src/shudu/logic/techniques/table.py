"""The table of techniques: one row per technique, its facts in aligned columns.

A family module registers each of its finders by key (:meth:`.registry.Technique.of`);
what the technique is worth comes from here, not from the family module:

``code``
    its HoDoKu code (codes from 1100 up are HoDoKu's where HoDoKu has the technique,
    shudu's own otherwise: 15xx-16xx exotic patterns, 17xx cages, 18xx constraints);
``family``
    the family it belongs to (``shudu techniques``, ``--disable fish`` ...);
``order``
    its place in the solver's order: the solver tries techniques by ``order``, then
    ``code``;
``SE``
    its Sudoku Explainer weight, what the rating counts for one of its steps (the base
    for techniques whose weight depends on the step: a single's house, a chain's kind
    and length, a forcing step's nesting and length);
``direct``
    SE's weight of a "direct" instance, whose eliminations leave a hidden single;
``C``
    its level in the C ladder of basic techniques for classic 9x9 (``csrc/logic9.h``,
    read by :data:`.accel9.LEVELS`);
``flags``
    ``u`` assumes a unique solution, ``o`` is optional (the solver uses it only when
    asked), ``d`` has an exact C detector for classic 9x9 (``csrc/detect9.h``, read by
    :data:`.accel9.DETECTORS`).

``-`` marks an empty cell.  The names (English and Chinese) follow in :data:`NAMES`,
by key.  tests/logic/test_technique_table.py checks the table against the registry and the
C kernel.

>>> row("x-wing").order, row("x-wing").se_weight, row("x-wing").level
(3.2, 3.2, 5)
>>> w = row("w-wing")
>>> w.order, w.se_weight, w.level, w.detector, w.name
(4.4, 7.1, None, True, 'W-Wing')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["NAMES", "ROWS", "TABLE", "Row", "row"]

TABLE = """
key                             code   family                 order     SE      direct    C  flags
full-house                      0000   singles                 1.0      1.0      -        0  -
parity-cells                    1801   variant                 1.0      1.0      -        -  -
hidden-single                   0002   singles                 1.2      1.2      -        0  -
thermo                          1802   variant                 1.2      1.2      -        -  -
palindrome                      1803   variant                 1.2      1.2      -        -  -
xv-sums                         1804   variant                 1.3      1.3      -        -  -
kropki                          1805   variant                 1.4      1.4      -        -  -
whispers                        1806   variant                 1.4      1.4      -        -  -
non-consecutive                 1807   variant                 1.4      1.4      -        -  -
modular-line                    1820   variant                 1.4      1.4      -        -  -
entropic-line                   1821   variant                 1.4      1.4      -        -  -
quadruple                       1815   variant                 1.5      1.5      -        -  -
renban                          1808   variant                 1.6      1.6      -        -  -
between-line                    1822   variant                 1.6      1.6      -        -  -
lockout-line                    1823   variant                 1.6      1.6      -        -  -
arrow-sums                      1809   variant                 1.8      1.8      -        -  -
region-sum-line                 1824   variant                 1.8      1.8      -        -  -
zipper-line                     1825   variant                 1.8      1.8      -        -  -
cage-combinations               1701   killer                  2.0      2.0      -        -  -
little-killer                   1810   variant                 2.0      2.0      -        -  -
sandwich                        1811   variant                 2.2      2.2      -        -  -
x-sum                           1813   variant                 2.2      2.2      -        -  -
skyscraper-clue                 1814   variant                 2.2      2.2      -        -  -
naked-single                    0003   singles                 2.3      2.3      -        1  -
sum-pointing                    1812   variant                 2.3      2.3      -        -  -
pointing                        0100   intersections           2.6      2.6      1.7      2  -
cage-pointing                   1702   killer                  2.6      2.6      -        -  -
claiming                        0101   intersections           2.8      2.8      1.9      3  -
cage-claiming                   1703   killer                  2.8      2.8      -        -  -
locked-pair                     0110   intersections           3.0      3.0      -        4  -
naked-pair                      0200   subsets                 3.0      3.0      -        4  -
innies-outies                   1704   killer                  3.0      3.0      -        -  -
x-wing                          0300   fish                    3.2      3.2      -        5  -
cage-interaction                1705   killer                  3.2      3.2      -        -  -
hidden-pair                     0210   subsets                 3.4      3.4      2.0      6  -
finned-x-wing                   0310   fish                    3.4      3.4      -        -  d
sashimi-x-wing                  0320   fish                    3.5      3.5      -        -  d
locked-triple                   0111   intersections           3.6      3.6      -        7  -
naked-triple                    0201   subsets                 3.6      3.6      -        7  -
swordfish                       0301   fish                    3.8      3.8      -        8  -
hidden-triple                   0211   subsets                 4.0      4.0      2.5      9  -
finned-swordfish                0311   fish                    4.0      4.0      -        -  d
sashimi-swordfish               0321   fish                    4.1      4.1      -        -  d
xy-wing                         0800   wings                   4.2      4.2      -        -  d
xyz-wing                        0801   wings                   4.4      4.4      -        -  d
w-wing                          0803   wings                   4.4      7.1      -        -  d
ur-type-1                       0600   uniqueness              4.5      4.5      -        -  ud
ur-type-2                       0601   uniqueness              4.5      4.5      -        -  ud
ur-type-4                       0603   uniqueness              4.5      4.5      -        -  ud
avoidable-rectangle-1           0607   uniqueness              4.5      4.5      -        -  ud
avoidable-rectangle-2           0608   uniqueness              4.5      4.5      -        -  ud
ur-type-3-hidden                1617   uniqueness              4.5      4.5      -        -  u
ur-type-3                       0602   uniqueness              4.6      4.6      -        -  ud
ur-type-5                       0604   uniqueness              4.6      4.6      -        -  ud
ur-type-6                       0605   uniqueness              4.6      4.6      -        -  ud
wxyz-wing                       0802   wings                   4.6      4.6      -        -  d
unique-loop-type-1              1610   uniqueness              4.6      4.6      -        -  u
unique-loop-type-2              1611   uniqueness              4.6      4.6      -        -  u
unique-loop-type-3              1612   uniqueness              4.6      4.6      -        -  u
unique-loop-type-4              1613   uniqueness              4.6      4.6      -        -  u
hidden-rectangle                0606   uniqueness              4.7      4.7      -        -  ud
naked-quad                      0202   subsets                 5.0      5.0      -       10  -
sue-de-coq                      1101   als                     5.0      5.0      -        -  d
jellyfish                       0302   fish                    5.2      5.2      -       11  -
hidden-quad                     0212   subsets                 5.4      5.4      -       12  -
finned-jellyfish                0312   fish                    5.4      5.4      -        -  d
sashimi-jellyfish               0322   fish                    5.5      5.5      -        -  d
bug-plus-1                      0610   uniqueness              5.6      5.6      -        -  ud
bug-type-1                      1618   uniqueness              5.6      5.6      -        -  u
bug-type-2                      1614   uniqueness              5.7      5.7      -        -  u
bug-type-3                      1615   uniqueness              5.7      5.7      -        -  u
bug-type-4                      1616   uniqueness              5.7      5.7      -        -  u
aligned-pair-exclusion          1620   aligned exclusion       6.2      6.2      -        -  o
skyscraper                      0400   single-digit patterns   6.6      6.6      -        -  d
two-string-kite                 0401   single-digit patterns   6.6      6.6      -        -  d
empty-rectangle                 0402   single-digit patterns   6.6      6.6      -        -  d
turbot-fish                     0403   single-digit patterns   6.6      6.6      -        -  d
simple-colors-trap              0500   colouring               6.6      6.6      -        -  d
simple-colors-wrap              0501   colouring               6.6      6.6      -        -  d
x-chain                         0701   chains                  6.6      6.6      -        -  d
xy-chain                        0702   chains                  6.6      6.6      -        -  d
remote-pair                     0703   wings                   6.6      6.6      -        -  d
dual-two-string-kite            0404   single-digit patterns   6.7      6.7      -        -  d
dual-empty-rectangle            0405   single-digit patterns   6.7      6.7      -        -  d
multi-colors-1                  0502   colouring               6.7      6.7      -        -  d
multi-colors-2                  0503   colouring               6.7      6.7      -        -  d
3d-medusa                       0507   colouring               7.0      7.0      -        -  d
aic                             0708   chains                  7.0      7.0      -        -  -
continuous-nice-loop            0706   chains                  7.1      7.1      -        -  -
discontinuous-nice-loop         0707   chains                  7.1      7.1      -        -  -
franken-x-wing                  0330   fish                    7.2      7.2      -        -  o
grouped-aic                     0711   chains                  7.2      7.2      -        -  -
franken-swordfish               0331   fish                    7.3      7.3      -        -  o
finned-franken-x-wing           0340   fish                    7.3      7.3      -        -  o
grouped-continuous-nice-loop    0709   chains                  7.3      7.3      -        -  -
grouped-discontinuous-nice-loop 0710   chains                  7.3      7.3      -        -  -
franken-jellyfish               0332   fish                    7.4      7.4      -        -  o
finned-franken-swordfish        0341   fish                    7.4      7.4      -        -  o
mutant-x-wing                   0350   fish                    7.5      7.5      -        -  o
als-aic                         0711A  chains                  7.5      7.5      -        -  o
als-xz                          0901   als                     7.5      7.5      -        -  d
aligned-triplet-exclusion       1621   aligned exclusion       7.5      7.5      -        -  o
tridagon                        1501   tridagon                7.55     7.55     -        -  -
mutant-swordfish                0351   fish                    7.6      7.6      -        -  o
finned-mutant-x-wing            0360   fish                    7.6      7.6      -        -  o
als-continuous-nice-loop        0709A  chains                  7.6      7.6      -        -  o
als-discontinuous-nice-loop     0710A  chains                  7.6      7.6      -        -  o
forcing-chain-contradiction     1301   forcing                 7.6      7.5      -        -  -
cage-forcing-chain              1706   killer                  7.6      7.5      -        -  -
constraint-forcing-chain        1812   variant                 7.6      7.5      -        -  -
finned-franken-jellyfish        0342   fish                    7.7      7.7      -        -  o
finned-mutant-swordfish         0361   fish                    7.7      7.7      -        -  o
cage-combination-forcing        1707   killer                  7.7      7.8      -        -  -
mutant-jellyfish                0352   fish                    7.8      7.8      -        -  o
als-xy-wing                     0902   als                     7.8      7.8      -        -  d
forcing-chain-verity            1302   forcing                 7.8      8.0      -        -  -
finned-mutant-jellyfish         0362   fish                    8.0      8.0      -        -  o
als-xy-chain                    0903   als                     8.0      8.0      -        -  d
finned-mutant-squirmbag         0363   fish                    8.2      8.2      -        -  o
death-blossom                   0904   als                     8.2      8.2      -        -  d
finned-mutant-whale             0364   fish                    8.4      8.4      -        -  o
kraken-fish-type-1              0371   kraken                  8.5      8.5      -        -  o
kraken-fish-type-2              0372   kraken                  8.5      8.5      -        -  o
forcing-net-contradiction       1303   forcing                 8.5      8.5      -        -  -
forcing-net-verity              1304   forcing                 8.7      8.5      -        -  -
nested-forcing-chain            1398   forcing                 9.0      9.0      -        -  o
junior-exocet                   1601   exocet                  9.0      9.0      -        -  -
sk-loop                         1602   sk-loop                 9.0      9.0      -        -  -
msls                            1603   msls                    9.0      9.0      -        -  -
senior-exocet                   1604   exocet                  9.0      9.0      -        -  -
nested-cage-forcing             1708   killer                  9.0      9.0      -        -  -
nested-forcing-net              1399   forcing                 9.5      9.5      -        -  -
template-set                    1201   templates              10.0     10.0      -        -  o
template-delete                 1202   templates              10.0     10.0      -        -  o
"""
"""Every technique, in the solver's order (see the module docstring for the columns)."""

NAMES = """
key                             name                                      中文
full-house                      Full House                                满格
parity-cells                    Odd/Even Cell                             奇偶格
hidden-single                   Hidden Single                             隐性唯一
thermo                          Thermometer                               温度计
palindrome                      Palindrome                                回文线
xv-sums                         XV Sum                                    XV 和
kropki                          Kropki Dot                                黑白点
whispers                        German Whispers                           德国耳语线
non-consecutive                 Non-Consecutive                           无连续
modular-line                    Modular Line                              模数线
entropic-line                   Entropic Line                             熵线
renban                          Renban                                    连续数线
between-line                    Between Line                              介值线
lockout-line                    Lockout Line                              锁外线
arrow-sums                      Arrow Sum                                 箭头和
region-sum-line                 Region Sum Line                           宫和线
zipper-line                     Zipper Line                               拉链线
cage-combinations               Cage Combination                          杀手笼组合
little-killer                   Little Killer                             小杀手
sandwich                        Sandwich Sum                              三明治和
x-sum                           X-Sum                                     X 和
skyscraper-clue                 Skyscraper Clue                           摩天楼提示
quadruple                       Quadruple                                 四格提示
naked-single                    Naked Single                              唯一余数
sum-pointing                    Sum Pointing                              和值区块
pointing                        Locked Candidates Type 1 (Pointing)       宫内区块
cage-pointing                   Cage Pointing                             杀手笼区块
claiming                        Locked Candidates Type 2 (Claiming)       行列区块
cage-claiming                   Cage Claiming                             杀手笼占位
locked-pair                     Locked Pair                               锁定数对
naked-pair                      Naked Pair                                显性数对
innies-outies                   Innies & Outies                           45 法则
x-wing                          X-Wing                                    X翼
cage-interaction                Cage Interaction                          杀手笼互斥
hidden-pair                     Hidden Pair                               隐性数对
finned-x-wing                   Finned X-Wing                             带鳍X翼
sashimi-x-wing                  Sashimi X-Wing                            退化X翼
locked-triple                   Locked Triple                             锁定三数组
naked-triple                    Naked Triple                              显性三数组
swordfish                       Swordfish                                 剑鱼
hidden-triple                   Hidden Triple                             隐性三数组
finned-swordfish                Finned Swordfish                          带鳍剑鱼
sashimi-swordfish               Sashimi Swordfish                         退化剑鱼
xy-wing                         XY-Wing                                   XY翼
xyz-wing                        XYZ-Wing                                  XYZ翼
w-wing                          W-Wing                                    W翼
ur-type-1                       Uniqueness Test 1                         唯一矩形1
ur-type-2                       Uniqueness Test 2                         唯一矩形2
ur-type-4                       Uniqueness Test 4                         唯一矩形4
avoidable-rectangle-1           Avoidable Rectangle Type 1                可回避矩形1
avoidable-rectangle-2           Avoidable Rectangle Type 2                可回避矩形2
ur-type-3-hidden                Uniqueness Test 3 (Hidden Set)            唯一矩形3（隐性数组）
ur-type-3                       Uniqueness Test 3                         唯一矩形3
ur-type-5                       Uniqueness Test 5                         唯一矩形5
ur-type-6                       Uniqueness Test 6                         唯一矩形6
wxyz-wing                       WXYZ-Wing                                 WXYZ翼
unique-loop-type-1              Unique Loop Type 1                        唯一环1
unique-loop-type-2              Unique Loop Type 2                        唯一环2
unique-loop-type-3              Unique Loop Type 3                        唯一环3
unique-loop-type-4              Unique Loop Type 4                        唯一环4
hidden-rectangle                Hidden Rectangle                          隐性唯一矩形
naked-quad                      Naked Quadruple                           显性四数组
sue-de-coq                      Sue de Coq                                双区不交子集
jellyfish                       Jellyfish                                 水母
hidden-quad                     Hidden Quadruple                          隐性四数组
finned-jellyfish                Finned Jellyfish                          带鳍水母
sashimi-jellyfish               Sashimi Jellyfish                         退化水母
bug-plus-1                      Bivalue Universal Grave + 1               全双值坟墓+1
bug-type-1                      Bivalue Universal Grave Type 1            全双值坟墓1
bug-type-2                      Bivalue Universal Grave Type 2            全双值坟墓2
bug-type-3                      Bivalue Universal Grave Type 3            全双值坟墓3
bug-type-4                      Bivalue Universal Grave Type 4            全双值坟墓4
aligned-pair-exclusion          Aligned Pair Exclusion                    对齐数对排除
skyscraper                      Skyscraper                                摩天楼
two-string-kite                 2-String Kite                             双线风筝
empty-rectangle                 Empty Rectangle                           空矩形
turbot-fish                     Turbot Fish                               多宝鱼
simple-colors-trap              Simple Colors Trap                        简单染色（陷阱）
simple-colors-wrap              Simple Colors Wrap                        简单染色（矛盾）
x-chain                         X-Chain                                   X链
xy-chain                        XY-Chain                                  XY链
remote-pair                     Remote Pair                               远程数对
dual-two-string-kite            Dual 2-String Kite                        双重双线风筝
dual-empty-rectangle            Dual Empty Rectangle                      双重空矩形
multi-colors-1                  Multi-Colors 1                            多重染色1
multi-colors-2                  Multi-Colors 2                            多重染色2
3d-medusa                       3D Medusa                                 三维染色
aic                             AIC                                       交替推理链
continuous-nice-loop            Continuous Nice Loop                      连续环
discontinuous-nice-loop         Discontinuous Nice Loop                   不连续环
franken-x-wing                  Franken X-Wing                            弗兰肯X翼
grouped-aic                     Grouped AIC                               分组交替推理链
franken-swordfish               Franken Swordfish                         弗兰肯剑鱼
finned-franken-x-wing           Finned Franken X-Wing                     带鳍弗兰肯X翼
grouped-continuous-nice-loop    Grouped Continuous Nice Loop              分组连续环
grouped-discontinuous-nice-loop Grouped Discontinuous Nice Loop           分组不连续环
franken-jellyfish               Franken Jellyfish                         弗兰肯水母
finned-franken-swordfish        Finned Franken Swordfish                  带鳍弗兰肯剑鱼
mutant-x-wing                   Mutant X-Wing                             变异X翼
als-aic                         Grouped AIC with ALS                      含待定数组的分组交替推理链
als-xz                          ALS-XZ                                    待定数组XZ
aligned-triplet-exclusion       Aligned Triplet Exclusion                 对齐三数组排除
tridagon                        Tridagon                                  三叉戟
mutant-swordfish                Mutant Swordfish                          变异剑鱼
finned-mutant-x-wing            Finned Mutant X-Wing                      带鳍变异X翼
als-continuous-nice-loop        Grouped Continuous Nice Loop with ALS     含待定数组的分组连续环
als-discontinuous-nice-loop     Grouped Discontinuous Nice Loop with ALS  含待定数组的分组不连续环
forcing-chain-contradiction     Forcing Chain Contradiction               强制链（矛盾）
cage-forcing-chain              Cage Forcing Chain                        杀手笼强制链
cage-combination-forcing        Cage Combination Forcing                  杀手笼组合强制
constraint-forcing-chain        Constraint Forcing Chain                  约束强制链
finned-franken-jellyfish        Finned Franken Jellyfish                  带鳍弗兰肯水母
finned-mutant-swordfish         Finned Mutant Swordfish                   带鳍变异剑鱼
mutant-jellyfish                Mutant Jellyfish                          变异水母
als-xy-wing                     ALS-XY-Wing                               待定数组XY翼
forcing-chain-verity            Forcing Chain Verity                      强制链（共同结论）
finned-mutant-jellyfish         Finned Mutant Jellyfish                   带鳍变异水母
als-xy-chain                    ALS-XY-Chain                              待定数组XY链
finned-mutant-squirmbag         Finned Mutant Squirmbag                   带鳍变异五链鱼
death-blossom                   Death Blossom                             死亡绽放
finned-mutant-whale             Finned Mutant Whale                       带鳍变异六链鱼
kraken-fish-type-1              Kraken Fish Type 1                        海怪鱼1型
kraken-fish-type-2              Kraken Fish Type 2                        海怪鱼2型
forcing-net-contradiction       Forcing Net Contradiction                 强制网（矛盾）
forcing-net-verity              Forcing Net Verity                        强制网（共同结论）
nested-forcing-chain            Nested Forcing Chain                      嵌套强制链
junior-exocet                   Junior Exocet                             初级飞鱼导弹
sk-loop                         SK-loop                                   SK 环
msls                            Multi-Sector Locked Set                   多区块锁定集
senior-exocet                   Senior Exocet                             高级飞鱼导弹
nested-cage-forcing             Nested Cage Forcing                       嵌套杀手笼强制
nested-forcing-net              Nested Forcing Net                        嵌套强制网
template-set                    Template Set                              模板填数
template-delete                 Template Delete                           模板删数
"""
"""The English and Chinese name of every technique, in the order of :data:`TABLE`."""


@dataclass(frozen=True)
class Row:
    """One technique's row of :data:`TABLE` with its names from :data:`NAMES`.

    >>> row("hidden-pair").direct, row("ur-type-1").uniqueness, row("als-aic").default
    (2.0, True, False)
    """

    key: str
    code: str
    family: str
    order: float
    se_weight: float
    direct: float | None
    level: int | None
    flags: str
    name: str
    name_zh: str

    @property
    def uniqueness(self) -> bool:
        """Whether it assumes the puzzle has a unique solution (flag ``u``)."""
        return "u" in self.flags

    @property
    def default(self) -> bool:
        """Whether the solver uses it unless told not to (no flag ``o``)."""
        return "o" not in self.flags

    @property
    def detector(self) -> bool:
        """Whether the C core has an exact detector of it for classic 9x9 (flag ``d``)."""
        return "d" in self.flags


_COLUMNS = re.compile(r" {2,}")


def _cells(text: str) -> list[list[str]]:
    """The rows of a text table below its header line, as lists of cells: the key (one
    word), then the cells two or more spaces apart (a cell may hold single spaces)."""
    lines = [line.split(None, 1) for line in text.splitlines() if line.strip()]
    return [[key, *_COLUMNS.split(rest.strip())] for key, rest in lines[1:]]


def _number(cell: str) -> float | None:
    return None if cell == "-" else float(cell)


def _rows() -> dict[str, Row]:
    names = {key: (name, zh) for key, name, zh in _cells(NAMES)}
    if len(names) != len(_cells(NAMES)):
        raise ValueError("a key is named twice in NAMES")
    out: dict[str, Row] = {}
    for key, code, family, order, se, direct, level, flags in _cells(TABLE):
        if key in out:
            raise ValueError(f"{key} has two rows in TABLE")
        name, zh = names.pop(key)
        out[key] = Row(key, code, family, float(order), float(se), _number(direct),
                       None if level == "-" else int(level), flags.strip("-"), name, zh)
    if names:
        raise ValueError(f"NAMES names techniques TABLE lacks: {sorted(names)}")
    return out


ROWS: dict[str, Row] = _rows()
"""Every row by key, in the order of :data:`TABLE`."""


def row(key: str) -> Row:
    """The row of a technique key (:class:`KeyError` when the table has none).

    >>> row("naked-single").code, row("naked-single").name_zh
    ('0003', '唯一余数')
    """
    return ROWS[key]


def length_bonus(length: int) -> float:
    """Sudoku Explainer's difficulty bonus for a chain of ``length`` inferences.

    The bonus grows by 0.1 each time the length passes 4, 6, 8, 12, 16, 24, 32, ...

    >>> [length_bonus(k) for k in (3, 5, 7, 10, 20)]
    [0.0, 0.1, 0.2, 0.3, 0.5]
    """
    ceil, added, odd = 4, 0.0, False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return round(added, 1)
