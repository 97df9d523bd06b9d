"""Canasta Scorekeeper: the Django project package and the scoring app."""

# Load the Celery app with Django, so @shared_task binds to it (Celery's Django guide).
from scorekeeper.celery import app as celery_app

__all__ = ["celery_app"]
