"""A season may have dates (every club event played within them counts), and a statistics
line's day is its game's day played (scorekeeper 0012, tournaments 0012), no longer the UTC
date it was entered. Nothing to undo going back."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def _lines_by_played_day(apps, schema_editor):
    games = apps.get_model("scorekeeper", "Game").objects.filter(id=OuterRef("game_id"))
    apps.get_model("clubs", "PlayerGameLine").objects.update(
        day=Subquery(games.values("played_on")[:1])
    )


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0005_line_drawn"),
        ("tournaments", "0012_tournament_played_on"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="ends_on",
            field=models.DateField(blank=True, null=True, verbose_name="to"),
        ),
        migrations.AddField(
            model_name="season",
            name="starts_on",
            field=models.DateField(blank=True, null=True, verbose_name="from"),
        ),
        migrations.RunPython(_lines_by_played_day, migrations.RunPython.noop),
    ]
