"""An event's day played (``played_on``), which its tables' games take: existing events were
played the day they were made (their creation's date in the site's time zone), and their
tables' games take that day (a round released after midnight is still the evening's). Nothing to
undo going back."""

import django.utils.timezone
from django.db import migrations, models
from django.db.models import OuterRef, Subquery
from django.db.models.functions import TruncDate


def _from_created(apps, schema_editor):
    apps.get_model("tournaments", "Tournament").objects.update(played_on=TruncDate("created_at"))
    Match = apps.get_model("tournaments", "Match")
    day = Match.objects.filter(game_id=OuterRef("id")).values("round__tournament__played_on")
    tables = Match.objects.exclude(game=None).values("game_id")
    apps.get_model("scorekeeper", "Game").objects.filter(id__in=tables).update(
        played_on=Subquery(day[:1])
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_draw_asked"),
        ("scorekeeper", "0012_game_played_on"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="played_on",
            field=models.DateField(
                default=django.utils.timezone.localdate, verbose_name="played on"
            ),
        ),
        migrations.RunPython(_from_created, migrations.RunPython.noop),
    ]
