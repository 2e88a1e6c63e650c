"""The technique families; each file registers its techniques beside its finders."""
