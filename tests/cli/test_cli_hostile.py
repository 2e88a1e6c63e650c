"""The ``shudu`` command line under a hostile user: Ctrl-C at any moment, closed pipes,
input that has no, several or no readable answer, and what start-up imports.

Each run is a real process (``python -m shudu``), so signals, exit statuses and the
imports are those of the installed command.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
TOP = Path(__file__).parents[1] / "fixtures" / "puzzles" / "top1465.sdm"

HARD17 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
XWING = "061000054400009010903500000000902700000010030670030000050006200000790000000000000"
INTERRUPTED = 130


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(SRC), **extra)
    env.pop("COLUMNS", None)
    return env


def _start(*args: str, **extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "shudu", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=_env(**extra), start_new_session=True)


def _interrupted(proc: subprocess.Popen[str], *, group: bool = False) -> tuple[int, str]:
    """Send SIGINT (to the whole process group, as a terminal's Ctrl-C does, when
    ``group``); return the exit status and stderr once the process has ended."""
    if group:
        os.killpg(proc.pid, signal.SIGINT)
    else:
        proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:   # pragma: no cover - a hang is a failure
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail("the command did not stop on Ctrl-C")
    return proc.returncode, err


def _assert_quiet_stop(code: int, err: str) -> None:
    assert code == INTERRUPTED, (code, err)
    assert "Traceback" not in err, err
    assert len(err.splitlines()) <= 1, err


# ---------------------------------------------------------------------- Ctrl-C
_TRAPPED_RUN = """
import os, signal, sys

class Trap:
    # sends this process SIGINT as one module starts to be imported
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Trap())
sys.argv = ["shudu", *{args!r}]
from shudu.cli import main
main()
"""


@pytest.mark.parametrize(("module", "args"), [
    ("click", ["--help"]),                           # the entry point's first imports
    ("shudu.cli.common", ["solve", "--help"]),       # the command being registered
    ("shudu.formats", ["check", "--json", HARD17]),  # reading the first puzzle
    ("shudu.solving.engine", ["solve", HARD17]),             # the first search
    ("shudu.logic.solver", ["explain", XWING]),
    ("shudu.rating.rater", ["rate", XWING]),
])
def test_ctrl_c_during_start_up_exits_130_without_a_traceback(module: str,
                                                              args: list[str]) -> None:
    """Ctrl-C while the command is still importing what it needs (the moment is fixed by
    sending the signal as one module's import begins): exit 130, at most one line."""
    code = _TRAPPED_RUN.format(module=module, args=args)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=_env(), timeout=60)
    _assert_quiet_stop(done.returncode, done.stderr)
    assert done.stdout == ""


def test_ctrl_c_while_waiting_for_input_exits_130() -> None:
    proc = _start("solve", PYTHONUNBUFFERED="1")
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(HARD17 + "\n" + HARD17 + "\n")   # two: it knows there are many
    proc.stdin.flush()
    assert len(proc.stdout.readline().strip()) == 81    # solved one, waiting for more
    code, err = _interrupted(proc)
    _assert_quiet_stop(code, err)


def test_ctrl_c_during_rate_stops_the_workers_quietly() -> None:
    """A terminal's Ctrl-C reaches the rating workers too: they ignore it, the parent
    terminates them, and nothing but (at most) one line is printed."""
    proc = _start("rate", "--jobs", "2", str(TOP), PYTHONUNBUFFERED="1")
    assert proc.stdout is not None
    assert proc.stdout.readline().startswith("where")   # the header: rating has begun
    code, err = _interrupted(proc, group=True)
    _assert_quiet_stop(code, err)
    assert "ForkPoolWorker" not in err


# ---------------------------------------------------------------------- start-up
_HEAVY = ("shudu.solving.engine", "shudu._engine", "shudu.formats", "shudu.values.grid",
          "shudu.logic", "shudu.rating.rater", "shudu.make.classic", "importlib.metadata", "json",
          "multiprocessing", "concurrent.futures", "tqdm", "numpy")

_IMPORTED_BY = """
import sys
sys.argv = ["shudu", *{args!r}]
from shudu.cli import main
try:
    main()
except SystemExit:
    pass
print(" ".join(sorted(sys.modules)), file=sys.stderr)
"""


@pytest.mark.parametrize("args", [["--version"], ["--help"]])
def test_version_and_help_import_nothing_heavy(args: list[str]) -> None:
    """``shudu --version`` and ``shudu --help`` answer without the engine, the readers,
    the logic solver or the package's metadata machinery."""
    done = subprocess.run([sys.executable, "-c", _IMPORTED_BY.format(args=args)],
                          capture_output=True, text=True, env=_env(), timeout=60)
    assert done.stdout.startswith("shudu ") or "Usage:" in done.stdout
    imported = set(done.stderr.split())
    assert not imported & set(_HEAVY), sorted(imported & set(_HEAVY))


def test_lazy_package_names_are_the_public_objects() -> None:
    """The lazy names are the public functions, whatever was imported before."""
    code = ("import shudu, shudu.make.classic, shudu.logic.trace; "
            "print(callable(shudu.generate) and not hasattr(shudu.generate, '__path__'), "
            "type(shudu.trace).__name__, shudu.__version__ != '', shudu.Grid.__name__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=_env(), timeout=60)
    assert done.stdout.split() == ["True", "function", "True", "Grid"], done.stderr


# ---------------------------------------------------------------------- one JSON schema
SCHEMA = SRC / "shudu" / "schema" / "cli-output.schema.json"
TWO = "4....98.5.....8...95....3...2.4.7..97...8..3.....1..5.....4...157......4.6.8....."
NONE = "12345678.........9" + "." * 63
UNREADABLE = "no-such-puzzles.txt"
_INPUTS = {"good": XWING, "none": NONE, "multiple": TWO, "unreadable": UNREADABLE}
_EXPECTED = {"none": "none", "multiple": "multiple", "unreadable": "error"}

_JSON_COMMANDS = {
    "solve": ["solve", "--json"],
    "solve --count": ["solve", "--json", "--count", "--limit", "5"],
    "solve --all": ["solve", "--json", "--all", "--limit", "3"],
    "check": ["check", "--json"],
    "explain": ["explain", "--json", "--no-rating"],
    "hint": ["hint", "--json"],
    "find": ["find", "--json", "--technique", "x-wing"],
    "rate": ["rate", "--json", "--jobs", "1"],
}


def _json_lines(args: list[str]) -> list[dict[str, object]]:
    import json

    from click.testing import CliRunner

    from shudu.cli import cli

    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert "Traceback" not in result.stderr
    lines = result.stdout.splitlines()
    assert lines, (args, result.stderr)
    return [json.loads(line) for line in lines]


def _validator() -> object:
    import json

    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


@pytest.mark.parametrize("command", sorted(_JSON_COMMANDS))
@pytest.mark.parametrize("kind", sorted(_INPUTS))
def test_every_json_object_follows_the_one_schema(command: str, kind: str) -> None:
    """Good, unsolvable, ambiguous and unreadable input: each printed object has a
    status (none/multiple/error as check says) and fits the schema."""
    validator = _validator()
    objects = _json_lines([*_JSON_COMMANDS[command], _INPUTS[kind]])
    for data in objects:
        validator.validate(data)   # type: ignore[attr-defined]
    if kind in _EXPECTED and not (command == "solve" and kind == "multiple"):
        want = _EXPECTED[kind]
        if command.startswith("solve --") and kind == "none":
            want = "none"
        assert objects[0]["status"] == want, objects[0]
    if kind == "unreadable":
        assert set(objects[0]) >= {"status", "error", "index", "source", "line"}


@pytest.mark.parametrize("args", [
    ["techniques", "--json"],
    ["generate", "--json", "-n", "1", "--seed", "1"],
    ["generate", "--json", "-n", "1", "--grade", "extreme", "--attempts", "1", "--seed", "1"],
    ["check", "--json", "--against-solutions", XWING],
])
def test_the_other_json_commands_follow_the_schema(args: list[str]) -> None:
    validator = _validator()
    for data in _json_lines(args):
        validator.validate(data)   # type: ignore[attr-defined]


def test_scan_json_prints_an_error_object_when_it_fails(tmp_path: Path) -> None:
    picture = tmp_path / "not-a-picture.png"
    picture.write_bytes(b"not a picture")
    done = subprocess.run([sys.executable, "-m", "shudu", "scan", "--json", str(picture)],
                          capture_output=True, text=True, env=_env(), timeout=60)
    assert done.returncode == 2
    import json

    data = json.loads(done.stdout)
    _validator().validate(data)   # type: ignore[attr-defined]
    assert data["status"] == "error" and data["source"] == str(picture)


# ---------------------------------------------------------------------- find
@pytest.mark.parametrize("puzzle", [NONE, TWO])
def test_find_checks_uniqueness_first_as_hint_does(puzzle: str) -> None:
    """No solution or several: the same answer and exit status as ``hint``, not "No
    X-Wing here." nor a list of steps with exit 0."""
    from click.testing import CliRunner

    from shudu.cli import cli

    found = CliRunner().invoke(cli, ["find", "--technique", "x-wing", puzzle])
    hinted = CliRunner().invoke(cli, ["hint", puzzle])
    assert found.exit_code == hinted.exit_code == 1
    assert found.stdout == hinted.stdout
    assert "X-Wing" not in found.stdout


# ---------------------------------------------------------------------- small things
FIXTURES = Path(__file__).parents[1] / "fixtures" / "cli"


@pytest.mark.parametrize("args", [["techniques", "--json"], ["techniques"],
                                  ["solve", "--json", HARD17]])
def test_a_closed_pipe_exits_141(args: list[str]) -> None:
    """``shudu techniques --json | head -1``: the reader has gone before anything was
    written (the read end is closed at once), as for every other command: 141."""
    proc = subprocess.Popen([sys.executable, "-m", "shudu", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=_env())
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141, err
    assert err == ""


def test_the_progress_bar_ends_at_100_percent(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from shudu.cli.common import Console

    stderr = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stderr)
    console = Console(progress=True, total=100_000)
    for _ in range(100_000):
        console.step()
    console.close()
    assert "100%" in stderr.getvalue()


def test_rate_table_columns_do_not_shift() -> None:
    """A later, longer grade (or score) keeps every column where the header put it."""
    from click.testing import CliRunner

    from shudu.cli import cli

    beginner = ("000000010400000000020000000000050407008000300001090000300400200050100000"
                "000806000")
    result = CliRunner().invoke(cli, ["rate", "--jobs", "1", "--output", "table", HARD17,
                                      beginner])   # easy, then beginner
    header, *rows = result.stdout.splitlines()
    assert [row.split()[3] for row in rows] == ["easy", "beginner"]
    starts = [header.index(k) for k in ("score", "grade", "hardest", "pearl")]
    for row in rows:
        for start in starts:
            assert row[start - 2:start] == "  " and row[start] != " ", (header, row)


def test_solve_count_labels_each_input_when_there_are_several() -> None:
    from click.testing import CliRunner

    from shudu.cli import cli

    unique, two = str(FIXTURES / "unique.txt"), str(FIXTURES / "two.txt")
    result = CliRunner().invoke(cli, ["solve", "--count", unique, two])
    assert result.stdout.splitlines() == [f"{unique}, line 1: 1", f"{two}, line 1: 2+"]
    alone = CliRunner().invoke(cli, ["solve", "--count", unique])
    assert alone.stdout == "1\n"


# ---------------------------------------------------------------------- convert
def _a_killer() -> str:
    path = Path(__file__).parents[1] / "fixtures" / "killer_published.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(line.split()[0] for line in lines if line and not line.startswith("#"))


@pytest.mark.parametrize(("args", "lost", "holders"), [
    (["--to", "line"], "killer cages", "killer-list"),
    (["--to", "grid"], "killer cages", "sudokupad"),
    (["--to", "csv"], "killer cages", "fpuzzles"),
    (["--rules", "x", "--to", "line"], "the rules 'x'", "json or csv"),
    (["--rules", "windoku", "--to", "sdk"], "the rules 'windoku'", "json or csv"),
])
def test_convert_refuses_to_drop_what_the_puzzle_says(args: list[str], lost: str,
                                                      holders: str) -> None:
    """One error line naming what would be lost and where it can go; nothing printed."""
    from click.testing import CliRunner

    from shudu.cli import cli

    puzzle = _a_killer() if lost == "killer cages" else "1" + "." * 80
    result = CliRunner().invoke(cli, ["convert", *args, puzzle])
    assert result.exit_code == 2 and result.stdout == ""
    line, = result.stderr.splitlines()
    assert line.startswith("shudu: error: ") and lost in line and holders in line, line


def test_convert_keeps_what_the_target_holds() -> None:
    from click.testing import CliRunner

    from shudu.cli import cli

    killer = CliRunner().invoke(cli, ["convert", "--to", "killer-list", _a_killer()])
    variant = CliRunner().invoke(cli, ["convert", "--rules", "x", "--to", "csv", "1" + "." * 80])
    assert killer.exit_code == variant.exit_code == 0
    assert variant.stdout.splitlines()[1].endswith(",x")


def test_convert_keeps_the_candidates_of_a_pencilmark_state() -> None:
    """A state with a candidate removed beyond the givens goes only to pencilmarks or
    729, which keep it; a state with nothing removed converts to the givens."""
    from click.testing import CliRunner

    from shudu.cli import cli

    state = ".23456789" + "123456789" * 80   # r1c1 is not 1
    line = CliRunner().invoke(cli, ["convert", "--to", "line", state])
    assert line.exit_code == 2 and line.stdout == ""
    assert "candidates" in line.stderr and "pencilmarks or 729" in line.stderr
    kept = CliRunner().invoke(cli, ["convert", "--to", "729", state])
    assert kept.exit_code == 0 and kept.stdout.strip() == state
    plain = CliRunner().invoke(cli, ["convert", "--to", "line", "123456789" * 81])
    assert plain.exit_code == 0 and plain.stdout.strip() == "." * 81


def test_an_output_notation_that_cannot_hold_the_answer_is_one_error_line() -> None:
    """A solution has no cages, so a killer line cannot hold it: one readable line, no
    traceback, the bad-input status."""
    done = subprocess.run(
        [sys.executable, "-m", "shudu", "solve", "--output", "killer", XWING],
        capture_output=True, text=True, env=_env(), timeout=60)
    assert done.returncode == 3
    assert done.stderr.startswith("shudu: error: a killer line holds cages only")
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
