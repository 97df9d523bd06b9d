"""Game caches (totals, hand count, end, winner) and hand versions that name one hand state.

Before, every hand started at version 1 and a delete moved later hands without a new version,
so a repeated delete or a stale edit could reach the hand that moved into place. Each hand now
takes a version of the game's change counter; the caches are filled from the stored results.
"""

from django.db import migrations, models

from scorekeeper.rules import RuleViolation, game_outcome, ruleset_for


def fill(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    Hand = apps.get_model("scorekeeper", "Hand")
    for game in Game.objects.all().iterator():
        sides = game.sides.count()
        hands = list(Hand.objects.filter(game=game).order_by("number"))
        try:
            ruleset = ruleset_for(game.variant, game.players, {**game.rules, "target": game.target}, sides)
        except RuleViolation:
            ruleset = None  # a game no engine reading can score keeps its status as stored
        totals = [0] * sides
        game.ended_at = game.winner = None
        for hand in hands:
            game.version += 1
            hand.version = game.version
            for i, side in enumerate(hand.result["sides"]):
                totals[i] += side["total"]
            if ruleset is not None and game.ended_at is None:
                outcome = game_outcome(ruleset, totals, hand.result.get("wins_game"))
                if outcome.finished:
                    game.ended_at, game.winner = hand.number, outcome.winner
        Hand.objects.bulk_update(hands, ["version"], batch_size=500)
        game.totals = totals
        game.hand_count = len(hands)
        game.save(update_fields=["totals", "hand_count", "ended_at", "winner", "version"])


class Migration(migrations.Migration):

    dependencies = [
        ('scorekeeper', '0002_keep_old_rule_values'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='ended_at',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='hand_count',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name='game',
            name='totals',
            field=models.JSONField(default=list),
        ),
        migrations.AddField(
            model_name='game',
            name='winner',
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='revision',
            name='game_version',
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
