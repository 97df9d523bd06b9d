"""The statistics' lines built before the engine's way of counting them changed (a run counts as
a canasta only where the engine scores it so; an event table is won as its settled result says)
are marked stale: the pages and the workers rebuild them (clubs/statistics_refresh.py), and show
the old figures, marked as being brought up to date, meanwhile. Nothing to undo going back."""

from django.db import migrations


def _mark_stale(apps, schema_editor):
    apps.get_model("clubs", "PlayerGameLine").objects.update(game_version=0)


class Migration(migrations.Migration):
    dependencies = [("clubs", "0003_club_import")]

    operations = [migrations.RunPython(_mark_stale, migrations.RunPython.noop)]
