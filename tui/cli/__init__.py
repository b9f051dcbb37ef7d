"""bpe-tui's command line: the app's options and the headless commands (main.py dispatches)."""
