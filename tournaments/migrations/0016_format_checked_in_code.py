"""A tournament's and a round's format keep their stored keys, checked in code against the
engine's registry (models.format_known) instead of a list of choices: a new format needs no
migration."""

from django.db import migrations, models

import tournaments.models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0015_tournament_seasons")]

    operations = [
        migrations.AlterField(
            model_name="round",
            name="format",
            field=models.CharField(
                max_length=20, validators=[tournaments.models.format_known]
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="format",
            field=models.CharField(
                max_length=20,
                validators=[tournaments.models.format_known],
                verbose_name="format",
            ),
        ),
    ]
