"""The panes of the animator; each renders the View it is given and nothing else."""
