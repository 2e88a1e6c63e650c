"""Build the C engine extension (shudu._engine).

The default build (``pip install``, ``pip wheel``, an sdist, ``setup.py build_ext``) is
portable: the platform's baseline instruction set, with the solver's fast paths (AVX2,
AVX-512) compiled per function and chosen at run time by the processor, so a wheel runs on
any machine of its platform.  SHUDU_NATIVE=1 builds for this machine only (-march=native);
SHUDU_SANITIZE=1 builds with AddressSanitizer and UBSan for testing (and the engine's own
checks of its tables).
"""

import os
import sys
from pathlib import Path

from setuptools import Extension, setup

compile_args = ["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"]
link_args: list[str] = []
if sys.platform != "win32":
    link_args.append("-pthread")
    compile_args.append("-pthread")
    if os.environ.get("SHUDU_NATIVE") == "1":
        compile_args.append("-march=native")
    if os.environ.get("SHUDU_SANITIZE"):
        # SG_CHECK_SEES: the engine checks its table of what sees a cage's places
        compile_args += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-g", "-O1",
                         "-DSG_CHECK_SEES"]
        link_args += ["-fsanitize=address,undefined"]
else:
    # MSVC: C11 with its atomics (<stdatomic.h>, used by the batch solver)
    compile_args = ["/O2", "/std:c11", "/experimental:c11atomics"]


def _c_files(suffix: str) -> list[str]:
    """The C core's files ending in suffix, in every layer folder of csrc/ (not its tests)."""
    found = Path("csrc").rglob("*" + suffix)
    return sorted(p.as_posix() for p in found if "tests" not in p.parts)


setup(
    ext_modules=[
        Extension(
            "shudu._engine",
            sources=_c_files(".c"),
            include_dirs=["csrc"],
            depends=_c_files(".h"),
            extra_compile_args=compile_args,
            extra_link_args=link_args,
        )
    ]
)
