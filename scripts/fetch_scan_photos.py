"""Fetch the real photos of printed puzzles listed in tests/data/scan/real/manifest.json.

    .venv/bin/python scripts/fetch_scan_photos.py [--dest DIR] [--git OWNER/NAME=GITDIR ...]

Each photo of the manifest comes from a public repository at a fixed commit; the photos
whose licence allows it are committed (downscaled) beside the manifest, the others are
fetched here by URL and checked against the manifest's sha256 (a file whose digest
differs is refused). ``--git`` takes a repository's files from a local clone or bare
git directory instead of the network (``git show COMMIT:PATH``). Photos already in
``--dest`` with the right digest are kept. ``benchmarks/bench_scan.py --real-dir DIR``
reads them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = ROOT / "tests" / "data" / "scan" / "real" / "manifest.json"
DEST = ROOT.parent / "shared" / "data" / "scan_real"


def _download(photo: dict, gitdirs: dict[str, str]) -> bytes:
    gitdir = gitdirs.get(photo["repo"])
    if gitdir:
        return subprocess.run(["git", "--git-dir", gitdir, "show",
                               f"{photo['commit']}:{photo['path']}"],
                              check=True, capture_output=True).stdout
    with urllib.request.urlopen(photo["url"], timeout=60) as response:
        data: bytes = response.read()
    return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dest", type=Path, default=DEST)
    ap.add_argument("--manifest", type=Path, default=MANIFEST)
    ap.add_argument("--git", action="append", default=[], metavar="OWNER/NAME=GITDIR",
                    help="take this repository's files from a local git directory")
    a = ap.parse_args(argv)
    gitdirs = dict(item.split("=", 1) for item in a.git)
    photos = json.loads(a.manifest.read_text(encoding="utf-8"))["photos"]
    a.dest.mkdir(parents=True, exist_ok=True)
    fetched = kept = failed = 0
    for photo in photos:
        if "committed" in photo:
            continue
        target = a.dest / photo["name"]
        if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == photo["sha256"]:
            kept += 1
            continue
        try:
            data = _download(photo, gitdirs)
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"{photo['name']}: {exc}", file=sys.stderr)
            failed += 1
            continue
        if hashlib.sha256(data).hexdigest() != photo["sha256"]:
            print(f"{photo['name']}: sha256 differs from the manifest; not kept", file=sys.stderr)
            failed += 1
            continue
        target.write_bytes(data)
        fetched += 1
    print(f"{fetched} fetched, {kept} already there, {failed} failed, in {a.dest}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
