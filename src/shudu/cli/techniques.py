"""``shudu techniques``: the techniques of the logic solver, easiest first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .app import cli
from .common import _json_line

if TYPE_CHECKING:
    pass


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

    Columns: HoDoKu code, difficulty (Sudoku Explainer scale; '*' marks techniques that
    assume a unique solution), key, English name, family, Chinese name.
    """
    from ..logic.registry import techniques as registered

    techs = registered()
    if as_json:
        for t in techs:
            data = {
                "key": t.key,
                "name": t.name,
                "name_zh": t.name_zh,
                "code": t.code,
                "family": t.family,
                "difficulty": t.difficulty,
                "uniqueness": t.uniqueness,
                "default": t.default,
                "aliases": list(t.aliases),
            }
            click.echo(_json_line(data))
        return
    rows = [("code", "SE", "key", "name", "family", "中文")]
    for t in techs:
        mark = ("*" if t.uniqueness else "") + ("" if t.default else "+")
        rows.append((t.code, f"{t.difficulty:.1f}{mark}", t.key, t.name, t.family, t.name_zh))
    widths = [max(len(r[k]) for r in rows) for k in range(5)]
    for r in rows:
        click.echo("  ".join(r[k].ljust(widths[k]) for k in range(5)) + "  " + r[5])
    click.echo(
        f"\n{len(techs)} techniques; * assumes the puzzle has a unique solution; "
        "+ is used only when asked (--enable NAME)."
    )
