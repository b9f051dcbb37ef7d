"""The views, one screen each (tui/commands.py's VIEWS lists them): encode, the animator, then the others.

The app shows the animator first and installs each other view the first time it is opened, so a
view keeps its cursor and input while you look elsewhere. base.py holds what the others share.
"""
