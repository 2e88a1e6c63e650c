"""Rating on Sudoku Explainer's scale."""
