"""The guided tour: the app in tour mode (app.py) and its scenes (scenes.py); the caption bar it fills is widgets/caption_bar.py."""
