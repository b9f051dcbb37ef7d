"""The panes of the animator and the shared pieces; each pane renders the Position it is given and nothing else."""
