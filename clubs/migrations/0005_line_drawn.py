"""A statistics line says whether its finished game was drawn (a player's latest games showed a
tie as "lost"). The lines of finished games that no line won, the only ones that can be draws,
are marked stale: the pages and the workers rebuild them (clubs/statistics_refresh.py). Nothing
to undo going back."""

from django.db import migrations, models
from django.db.models import Exists, OuterRef


def _mark_stale(apps, schema_editor):
    lines = apps.get_model("clubs", "PlayerGameLine").objects
    won = lines.filter(game_id=OuterRef("game_id"), won=True)
    lines.filter(finished=True).exclude(Exists(won)).update(game_version=0)


class Migration(migrations.Migration):
    dependencies = [("clubs", "0004_lines_rebuilt")]

    operations = [
        migrations.AddField(
            model_name="playergameline",
            name="drawn",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(_mark_stale, migrations.RunPython.noop),
    ]
