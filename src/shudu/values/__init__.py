"""Values: the rules of a puzzle (geometry, variants, constraints) and its grid."""
