"""Each pair its own table link and fresh standings: the fields (data in 0003, the plain-text
token dropped in 0004)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
        ("scorekeeper", "0009_game_keys_and_lock"),
    ]

    operations = [
        migrations.AddField(
            model_name="standingssnapshot",
            name="inputs_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="tournament",
            name="draw_refusal",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="tournament",
            name="inputs_version",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="tournament",
            name="inputs_changed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="resultsubmission",
            name="kind",
            field=models.CharField(
                choices=[
                    ("submitted", "Submitted"),
                    ("corrected", "Corrected"),
                    ("adjusted", "Adjusted score"),
                    ("forfeit", "Forfeit"),
                    ("reopened", "Reopened"),
                ],
                default="submitted",
                max_length=10,
            ),
        ),
    ]
