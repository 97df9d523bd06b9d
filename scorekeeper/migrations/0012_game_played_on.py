"""A game's day played (``played_on``): the statistics, trends and seasons follow it instead of
the day it was entered. Existing games were played the day they were made: their creation's
date in the site's time zone. Nothing to undo going back."""

import django.utils.timezone
from django.db import migrations, models
from django.db.models.functions import TruncDate


def _from_created(apps, schema_editor):
    apps.get_model("scorekeeper", "Game").objects.update(played_on=TruncDate("created_at"))


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0011_game_status_derived_dead_fields_dropped")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="played_on",
            field=models.DateField(
                default=django.utils.timezone.localdate, verbose_name="played on"
            ),
        ),
        migrations.RunPython(_from_created, migrations.RunPython.noop),
    ]
