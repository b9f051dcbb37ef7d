"""What the views show, as plain data: the position and its narration, the row models of the panes,
and the explanations (rules, why-not, branches, byte rows, the alias grid, the loop's code, the
special-token scene, the loader's trap, the training sides). Plain Python: no textual, no rich."""
