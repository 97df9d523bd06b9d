"""State that was stored twice or never read, dropped.

A game's status is its end (``ended_at``: models.Game.status reads it); a hand's entry time is its
"created" revision's; a revision's user was never read (its author names who made the change).
Going back, a game that had ended is marked finished again.
"""

from django.db import migrations


def status_from_end(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    Game.objects.filter(ended_at__isnull=False).update(status="finished")


class Migration(migrations.Migration):

    dependencies = [
        ('scorekeeper', '0010_cache_table_beside_redis'),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, status_from_end),
        migrations.RemoveField(
            model_name='game',
            name='status',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='created_at',
        ),
        migrations.RemoveField(
            model_name='revision',
            name='user',
        ),
    ]
