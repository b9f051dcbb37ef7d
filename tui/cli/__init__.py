"""bpe-tui's command line: main.py is the entry point, routing.py tells a command from the app's trace file,
commands.py the one registry of commands (one module each, or one per small family), app_options.py the app's own
options, inputs.py the options and readers they share."""
