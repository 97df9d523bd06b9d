"""A season's events are declared by the event (tournaments.Tournament.seasons, tournaments
0015), so clubs names no model of the app above it. The state only: the table
``clubs_season_events`` and its rows stay as they are, and tournaments 0015 takes it over."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("clubs", "0006_season_dates_lines_by_played_day")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.RemoveField(model_name="season", name="events")],
            database_operations=[],
        )
    ]
