"""Techniques of the classic rules (any size, any variant geometry)."""
