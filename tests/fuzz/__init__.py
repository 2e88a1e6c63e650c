"""Fuzzing shudu's boundaries: the engine's Python API, the web API, and the memory and
time each reader and search call may take.

Each *target* (:mod:`.engine`, :mod:`.web`, :mod:`.limits`) draws calls with Hypothesis
and checks one property per call; :mod:`.run` runs targets in child processes (a crash
or a hang is a finding, not the end of the run), collects every distinct failure with a
runnable reproducer, and prints the figures.  ``tests/test_fuzz_*.py`` run a short,
fixed-seed run of each target inside the test suite; ``make fuzz`` runs them long.
Nothing here is collected as a test itself.
"""
