"""The guided tour: the app in tour mode (app.py), its scenes (scenes.py) and its caption bar (caption.py)."""
