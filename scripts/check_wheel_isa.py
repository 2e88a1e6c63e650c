"""Refuse instructions beyond the platform's baseline in a built extension.

A wheel runs on every processor of its platform tag, so its compiled code may use only the
baseline instruction set (x86-64: SSE2; aarch64: ARMv8.0-A) except in the functions chosen
at run time by CPU detection.  The naming rule: every function compiled above the baseline
has ``avx2`` or ``avx512`` (aarch64: ``sve``) in its symbol name, and anything goes inside
such functions.

Usage: ``python scripts/check_wheel_isa.py WHEEL_OR_EXTENSION...`` (a ``.whl`` is opened
and its ``shudu/_engine*`` extension checked).  The extension is disassembled with
``objdump -d`` (``OBJDUMP`` names another, such as ``llvm-objdump`` on macOS, or a cross
``aarch64-linux-gnu-objdump``); the exit status is 1 when any instruction beyond the
baseline sits outside a dispatched function, and each such function is listed with its
first offending instructions.  The extension must keep its symbol table (not stripped):
otherwise the functions cannot be told apart and everything counts as undispatched.

x86-64 notes: ``tzcnt`` is allowed, because GCC and clang emit ``rep bsf`` (the same bytes,
which objdump shows as tzcnt) for a count of trailing zeros at the baseline: processors
without BMI1 run it as ``bsf``, which agrees for the non-zero operands the code passes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections import defaultdict
from pathlib import Path

DISPATCHED = re.compile(r"avx2|avx512|sve", re.IGNORECASE)
"""Symbol names of functions allowed above the baseline."""

# x86-64 beyond SSE2: every VEX/EVEX encoded instruction starts with "v" (verr/verw are
# old system instructions), YMM/ZMM and mask registers, and the named extensions.
X86_EXTRA = {
    "sse3": "addsubpd addsubps haddpd haddps hsubpd hsubps lddqu movddup movshdup movsldup "
            "monitor mwait",
    "ssse3": "pabsb pabsw pabsd palignr phaddw phaddd phaddsw phsubw phsubd phsubsw "
             "pmaddubsw pmulhrsw pshufb psignb psignw psignd",
    "sse4.1": "blendpd blendps blendvpd blendvps dppd dpps extractps insertps movntdqa "
              "mpsadbw packusdw pblendvb pblendw pcmpeqq pextrb pextrd pextrq phminposuw "
              "pinsrb pinsrd pinsrq pmaxsb pmaxsd pmaxud pmaxuw pminsb pminsd pminud pminuw "
              "pmovsxbd pmovsxbq pmovsxbw pmovsxdq pmovsxwd pmovsxwq pmovzxbd pmovzxbq "
              "pmovzxbw pmovzxdq pmovzxwd pmovzxwq pmuldq pmulld ptest roundpd roundps "
              "roundsd roundss",
    "sse4.2": "crc32 pcmpestri pcmpestrm pcmpistri pcmpistrm pcmpgtq",
    "popcnt/lzcnt": "popcnt lzcnt",
    "bmi1/bmi2": "andn bextr blsi blsmsk blsr bzhi mulx pdep pext rorx sarx shlx shrx",
    "other": "adcx adox movbe rdrand rdseed sha1msg1 sha256rnds2 aesenc aesdec pclmulqdq",
}
X86_MNEMONICS = {m: ext for ext, names in X86_EXTRA.items() for m in names.split()}
X86_REGISTERS = re.compile(r"%[yz]mm\d+|%k[0-7]\b|\b[yz]mm\d+\b")
# aarch64 beyond ARMv8.0-A: SVE registers, the LSE atomics (ARMv8.1; libgcc's outline
# atomics, named __aarch64_*, choose them at run time) and the optional CRC32.
ARM_REGISTERS = re.compile(r"\bz\d+\.[bhsdq]\b|\bp\d+/[mz]\b")
ARM_MNEMONIC = re.compile(r"^(cas|casp|ldadd|ldclr|ldeor|ldset|ldsmax|ldsmin|ldumax|ldumin|"
                          r"swp|crc32)[a-z]*$")
ARM_HELPERS = re.compile(r"^__aarch64_")

SHOWN = 20
"""Offending functions listed (the most offending first)."""

FUNCTION = re.compile(r"^[0-9a-f]+ <(?P<name>[^>]+)>:$")
INSTRUCTION = re.compile(r"^\s+[0-9a-f]+:\s+(?P<text>\S.*)$")


def machine(path: Path) -> str:
    """'x86-64' or 'aarch64', from the file's header (ELF, PE or Mach-O)."""
    head = path.read_bytes()[:4096]
    if head[:4] == b"\x7fELF":
        code = int.from_bytes(head[18:20], "little")
        return {62: "x86-64", 183: "aarch64"}.get(code, f"ELF machine {code}")
    if head[:2] == b"MZ":
        pe = int.from_bytes(head[0x3C:0x40], "little")
        code = int.from_bytes(head[pe + 4:pe + 6], "little")
        return {0x8664: "x86-64", 0xAA64: "aarch64"}.get(code, f"PE machine {code:#x}")
    if head[:4] in (b"\xcf\xfa\xed\xfe", b"\xca\xfe\xba\xbe"):
        cpu = int.from_bytes(head[4:8], "little" if head[0] == 0xCF else "big")
        return {0x01000007: "x86-64", 0x0100000C: "aarch64"}.get(cpu, "universal Mach-O")
    return "unknown"


def objdump_for(arch: str) -> str:
    """The disassembler: OBJDUMP, a cross objdump for aarch64 on other hosts, or objdump."""
    named = os.environ.get("OBJDUMP")
    if named:
        return named
    if arch == "aarch64" and os.uname().machine not in ("aarch64", "arm64"):
        for name in ("aarch64-linux-gnu-objdump", "llvm-objdump"):
            if shutil.which(name):
                return name
    return "objdump"


def beyond_baseline(arch: str, function: str, text: str) -> str | None:
    """Why the instruction ``text`` of ``function`` needs more than the baseline, or None."""
    mnemonic, _, operands = text.replace("\t", " ").partition(" ")
    mnemonic = mnemonic.split(".")[0].lower()
    if arch == "x86-64":
        if mnemonic.startswith("v") and mnemonic not in ("verr", "verw"):
            return "AVX (VEX/EVEX)"
        if X86_REGISTERS.search(operands):
            return "YMM/ZMM/mask register"
        found = X86_MNEMONICS.get(mnemonic)
        if found is None and mnemonic[-1:] in ("b", "w", "l", "q"):  # llvm's size suffix
            found = X86_MNEMONICS.get(mnemonic[:-1])
        return found
    if arch == "aarch64":
        if ARM_REGISTERS.search(operands):
            return "SVE register"
        if ARM_MNEMONIC.match(mnemonic) and not ARM_HELPERS.match(function):
            return "ARMv8.1+ (LSE or CRC32)"
        return None
    raise SystemExit(f"no baseline known for {arch}")


def check(path: Path) -> int:
    """Check one extension file; print what was found; the number of offending functions."""
    arch = machine(path)
    tool = objdump_for(arch)
    done = subprocess.run([tool, "-d", "--no-show-raw-insn", str(path)], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{tool} failed on {path}: {done.stderr.strip()}")
    function = "?"
    total = dispatched = 0
    bad: dict[str, list[str]] = defaultdict(list)
    allowed: set[str] = set()
    for line in done.stdout.splitlines():
        if m := FUNCTION.match(line):
            function = m["name"]
            continue
        m = INSTRUCTION.match(line)
        if not m or m["text"].startswith("(bad)"):
            continue
        total += 1
        why = beyond_baseline(arch, function, m["text"])
        if why is None:
            continue
        if DISPATCHED.search(function):
            dispatched += 1
            allowed.add(function)
        else:
            bad[function].append(f"{m['text'].split()[0]} ({why})")
    print(f"{path.name}: {arch}, {total} instructions; {dispatched} above the baseline in "
          f"{len(allowed)} dispatched functions; {sum(map(len, bad.values()))} outside them")
    listed = sorted(bad.items(), key=lambda item: (-len(item[1]), item[0]))
    for name, found in listed[:SHOWN]:
        shown = ", ".join(dict.fromkeys(found))
        print(f"  {name}: {len(found)} instructions beyond the baseline: {shown[:200]}")
    if len(listed) > SHOWN:
        print(f"  ... and {len(listed) - SHOWN} more functions")
    return len(bad)


def extensions(argument: Path, scratch: Path) -> list[Path]:
    """The extension files named by an argument: itself, or those inside a wheel."""
    if argument.suffix != ".whl":
        return [argument]
    with zipfile.ZipFile(argument) as wheel:
        names = [n for n in wheel.namelist()
                 if re.match(r"shudu/_engine[^/]*\.(so|pyd|dylib)$", n)]
        if not names:
            raise SystemExit(f"{argument.name} holds no shudu/_engine extension")
        return [Path(wheel.extract(n, scratch / argument.stem)) for n in names]


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    failing = 0
    with tempfile.TemporaryDirectory() as scratch:
        for argument in argv:
            for path in extensions(Path(argument), Path(scratch)):
                failing += check(path)
    if failing:
        print(f"FAIL: {failing} functions use instructions beyond the baseline without "
              "being dispatched (their names must hold avx2 or avx512)")
        return 1
    print("baseline instructions only, outside dispatched functions")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
