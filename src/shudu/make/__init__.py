"""Making puzzles: classic, killer and variant generators, and books.

:mod:`shudu.make.pick` is the one door to the generators (``shudu.generate``): the rules
spec says which one makes the puzzle."""
