"""The panes of the animator; each renders the Position it is given and nothing else."""
