"""Exact solving: the C engine's door (first, count, all) and the textbook methods."""
