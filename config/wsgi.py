"""WSGI entry point (gunicorn config.wsgi): Django's application behind the layer that answers
the followed pages' unchanged looks without it (core.early_answers)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from core.early_answers import EarlyAnswers  # noqa: E402 (needs the settings loaded)

application = EarlyAnswers(django_application)
