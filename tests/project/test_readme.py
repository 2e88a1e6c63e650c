"""The README's promises: console examples run as written, Quick start matches the Makefile.

The README's Python examples run as doctests (pytest collects README.md).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _console_examples() -> list[tuple[str, str]]:
    examples = []
    for block in re.findall(r"```console\n(.*?)```", README, flags=re.S):
        command, output = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command is not None:
            examples.append((command, "\n".join(output)))
    return examples


EXAMPLES = _console_examples()


def test_readme_has_console_examples() -> None:
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_console_example_runs_as_written(command: str, expected: str) -> None:
    code = 0
    if (m := re.search(r"\s+# exits (\d+)$", command)) is not None:   # the status it shows
        command, code = command[: m.start()], int(m.group(1))
    argv = shlex.split(command)
    assert argv[0] == "shudu"
    env = dict(os.environ, COLUMNS="100")
    done = subprocess.run(
        [sys.executable, "-m", "shudu", *argv[1:]],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )
    assert done.returncode == code, done.stderr
    assert done.stdout.strip() == expected.strip()


def test_quick_start_is_exactly_the_two_make_targets() -> None:
    quick = README.split("## Quick start", 1)[1].split("##", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", quick, re.S)[0]
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    assert commands == ["make run", "make test"]
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^run:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    assert "make test" in (ROOT / ".ci" / "run").read_text()
