"""Techniques of constraints: lines, dots, cages and killer sums."""
