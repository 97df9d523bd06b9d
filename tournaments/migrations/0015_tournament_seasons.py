"""The seasons that picked an event, declared by the event (clubs 0007 gave the field up): the
state only. Django's table for the old ``Season.events`` (``clubs_season_events``: id,
season_id, tournament_id) is already the one this field names, so no row is copied."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0014_tables_round_hands"),
        ("clubs", "0007_season_events_to_tournaments"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name="tournament",
                    name="seasons",
                    field=models.ManyToManyField(
                        blank=True,
                        db_table="clubs_season_events",
                        related_name="events",
                        to="clubs.season",
                    ),
                )
            ],
            database_operations=[],
        )
    ]
