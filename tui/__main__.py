"""`python -m tui`: the command line (tui/cli)."""

from .cli.main import main

if __name__ == "__main__":
    main()
