"""The Celery app, wired the standard Django way.

Settings come from Django's settings under the ``CELERY_`` namespace; tasks are found in every
installed app's ``tasks.py``. Services send tasks through ``core.background``
(``send_on_commit``): a task never runs against rows its transaction has not committed, and runs
in the request when the broker does not answer.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("scorekeeper", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
