"""Each hand keeps the running totals after it, so a page reads only the hands it shows."""

from django.db import migrations, models


def fill(apps, schema_editor):
    """Each hand's running totals, summed from the stored results in order."""
    Game = apps.get_model("scorekeeper", "Game")
    Hand = apps.get_model("scorekeeper", "Hand")
    for game in Game.objects.all().iterator():
        hands = list(Hand.objects.filter(game=game).order_by("number"))
        totals = None
        for hand in hands:
            sides = hand.result["sides"]
            totals = [t + s["total"] for t, s in zip(totals or [0] * len(sides), sides)]
            hand.score_after = totals
        Hand.objects.bulk_update(hands, ["score_after"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('scorekeeper', '0005_cache_table'),
    ]

    operations = [
        migrations.AddField(
            model_name='hand',
            name='score_after',
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
