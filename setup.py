"""Build the C engine extension (shudu._engine).

Set SHUDU_PORTABLE=1 to build without -march=native (for wheels copied to other
machines); SHUDU_SANITIZE=1 builds with AddressSanitizer and UBSan for testing.
"""

import os
import sys
from glob import glob

from setuptools import Extension, setup

compile_args = ["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"]
link_args: list[str] = []
if sys.platform != "win32":
    link_args.append("-pthread")
    compile_args.append("-pthread")
    if not os.environ.get("SHUDU_PORTABLE"):
        compile_args.append("-march=native")
    if os.environ.get("SHUDU_SANITIZE"):
        compile_args += ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-g", "-O1"]
        link_args += ["-fsanitize=address,undefined"]

setup(
    ext_modules=[
        Extension(
            "shudu._engine",
            sources=sorted(glob("csrc/*.c")),
            include_dirs=["csrc"],
            depends=sorted(glob("csrc/*.h")),
            extra_compile_args=compile_args,
            extra_link_args=link_args,
        )
    ]
)
