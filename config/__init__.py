"""The project's configuration: settings, root URLs, WSGI, ASGI and the Celery app.

The apps (``scorekeeper``, ``tournaments``) live beside it; their packages import nothing at load
time, so the rules engine (``scorekeeper.rules``) imports alone, without Django or Celery.
"""

# Load the Celery app with Django, so @shared_task binds to it (Celery's Django guide).
from config.celery import app as celery_app

__all__ = ["celery_app"]
