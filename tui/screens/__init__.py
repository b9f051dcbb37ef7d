"""The views, one screen each: encode (view 1, the animator), decode, aliases, tables, special, explore and train (views 2–7).

The app shows the animator first and installs each other view the first time it is opened, so a
view keeps its cursor and input while you look elsewhere. base.py holds what views 2–7 share.
"""
