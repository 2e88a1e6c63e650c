"""``shudu techniques``: the techniques of the logic solver, easiest first."""

from __future__ import annotations

import click

from .app import cli
from .common import json_line, run_frame


@cli.command(
    epilog="""\b
Examples:
  shudu techniques
  shudu techniques --json | jq -r .name

\b
Names, keys, HoDoKu codes and family names are all accepted by --disable, and
names, keys and codes by 'shudu find --technique'.""",
)
@click.option("--json", "as_json", is_flag=True, help="One JSON object per technique per line.")
def techniques(as_json: bool) -> None:
    """List the techniques of the logic solver, easiest first.

    Columns: HoDoKu code, place in the solver's order (Sudoku Explainer scale; '*' marks
    techniques that assume a unique solution; a second, lower score is SE's "direct"
    form; one in square brackets the SE weight when it differs), whether
    'shudu generate --technique' can aim at it, key, English name, family, Chinese name.
    """
    from ..logic.registry import techniques as registered
    from ..make.classic import supported_targets

    with run_frame() as frame:
        console = frame.open(progress=False, total=None)
        techs = registered()
        targets = supported_targets()
        if as_json:
            for t in techs:
                data = {
                    "status": "default" if t.default else "optional",
                    "key": t.key,
                    "name": t.name,
                    "name_zh": t.name_zh,
                    "code": t.code,
                    "family": t.family,
                    "difficulty": t.order,
                    "order": t.order,
                    "se_weight": t.se_weight,
                    "uniqueness": t.uniqueness,
                    "default": t.default,
                    "aliases": list(t.aliases),
                    "direct": t.direct,
                    "rated": t.se_weight,
                    "ladder_level": t.ladder_level,
                    "generate": targets.get(t.key, False),
                }
                console.out(json_line(data))
            return
        rows = [("code", "SE", "gen", "key", "name", "family", "中文")]
        for t in techs:
            mark = ("*" if t.uniqueness else "") + ("" if t.default else "+")
            score = f"{t.order:.1f}{mark}"
            if t.direct is not None:
                score += f" ({t.direct:.1f})"
            if t.se_weight != t.order:
                score += f" [{t.se_weight:.1f}]"
            gen = "yes" if targets.get(t.key) else "-"
            rows.append((t.code, score, gen, t.key, t.name, t.family, t.name_zh))
        last = len(rows[0]) - 1
        widths = [max(len(r[k]) for r in rows) for k in range(last)]
        for r in rows:
            console.out("  ".join(r[k].ljust(widths[k]) for k in range(last)) + "  " + r[last])
        console.out(
            f"\n{len(techs)} techniques; * assumes the puzzle has a unique solution; "
            "+ is used only when asked (--enable NAME).\n"
            "A score in round brackets is Sudoku Explainer's 'direct' form: when a step's "
            "eliminations leave a hidden single at once, SE scores it lower (a Hidden Pair "
            "2.0 instead of 3.4); 'shudu rate' and 'shudu explain' both weigh steps so. A score "
            "in square brackets is what the rating counts instead (SE has no W-Wing and scores "
            "it as the chain it is; a forcing chain or net starts from SE's base and grows with "
            "its length); the solver still tries it at its place in this list.\n"
            "gen: 'shudu generate --technique KEY' can make a puzzle that needs it (and nothing "
            "harder); other targets are refused at once."
        )
