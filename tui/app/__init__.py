"""The app and its parts, one package: the App (app.py: the shared state bound down to the views, the views, the
palette), the captures and loads in workers (capture.py), the saves in a thread (saving.py), the one play timer
(player.py) and the play in the view shown (playing.py), notifications (notes.py), the garbage collector's policy
(collector.py), themes, screenshots and the zoom (slides.py)."""

from .app import BpeApp

__all__ = ["BpeApp"]
