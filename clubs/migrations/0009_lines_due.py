"""The statistics' lines due to be rebuilt as rows of their own (LinesDue), so a club's page
asks which games are due without reading its lines. The games whose lines were stale the way
they were found until now (a club player seated in a game played, or an event table settled,
with no line of the game's version; a line the game has moved past) are marked due here."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Exists, F, OuterRef, Q


def stale_marked(apps, schema_editor):
    SeatedPlayer = apps.get_model("clubs", "SeatedPlayer")
    PlayerGameLine = apps.get_model("clubs", "PlayerGameLine")
    LinesDue = apps.get_model("clubs", "LinesDue")
    Match = apps.get_model("tournaments", "Match")
    # Played: a hand, or an event table whose result stands (tournaments.game_tables).
    settled = Match.objects.filter(status__in=("confirmed", "closed"), result__isnull=False)
    played = Q(side__game__hand_count__gt=0) | Q(side__game_id__in=settled.values("game_id"))
    fresh = PlayerGameLine.objects.filter(
        player_id=OuterRef("player_id"),
        game_id=OuterRef("side__game_id"),
        game_version=OuterRef("side__game__version"),
    )
    unbuilt = (
        SeatedPlayer.objects.filter(played)
        .filter(~Exists(fresh))
        .values_list("player__club_id", "side__game_id")
    )
    outdated = PlayerGameLine.objects.exclude(game_version=F("game__version")).values_list(
        "club_id", "game_id"
    )
    due = set(unbuilt) | set(outdated)
    LinesDue.objects.bulk_create(
        [LinesDue(club_id=club, game_id=game) for club, game in sorted(due)], batch_size=500
    )


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0008_club_vp_scales'),
        ('scorekeeper', '0013_game_round_hands'),
        # After every change the events' migrations made to games and their lines: from here on
        # only a mark makes a page rebuild them.
        ('tournaments', '0020_table_changes'),
    ]

    operations = [
        migrations.CreateModel(
            name='LinesDue',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='clubs.club')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='scorekeeper.game')),
            ],
            options={
                'indexes': [models.Index(fields=['club', 'game'], name='lines_due_club_game')],
            },
        ),
        migrations.RunPython(stale_marked, migrations.RunPython.noop),
    ]
