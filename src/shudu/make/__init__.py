"""Making puzzles: classic, killer and variant generators, and books."""
