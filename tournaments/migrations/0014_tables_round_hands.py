"""Every released table's game is its round's hands (scorekeeper.Game.round_hands), whatever end
its rules give: tables released before kept a club's target beside the round's hands (it ended
the game at that score instead) or, in samba, bolivia and modern-american, played on to the
target. A game whose end the round changes has its end and winner worked out again from its
stored running totals, and a new version (its pages and its players' statistics follow)."""

from django.db import migrations

from scorekeeper.rules import RuleViolation, game_outcome, ruleset_for


def _end(game, hands):
    """The hand that ends the game, and its winner, under its round's hands."""
    sides = len(game.totals)
    rules = {**game.rules, **({"target": game.target} if game.target is not None else {})}
    try:
        ruleset = ruleset_for(game.variant, game.players, rules, sides).with_hands(
            game.round_hands
        )
    except RuleViolation:
        return game.ended_at, game.winner  # a game no engine reading scores keeps its end
    for hand in hands:
        outcome = game_outcome(
            ruleset, hand.score_after, hand.result.get("wins_game"), hand.number
        )
        if outcome.finished:
            return hand.number, outcome.winner
    return None, None


def forward(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    Hand = apps.get_model("scorekeeper", "Hand")
    Match = apps.get_model("tournaments", "Match")
    tables = Match.objects.filter(
        game__isnull=False, round__tournament__hands_per_round__isnull=False
    ).values_list("game_id", "round__tournament__hands_per_round")
    for game_id, hands in tables.iterator():
        game = Game.objects.get(id=game_id)
        game.round_hands = hands
        ended = _end(game, Hand.objects.filter(game=game).order_by("number"))
        fields = ["round_hands"]
        if ended != (game.ended_at, game.winner):
            game.ended_at, game.winner = ended
            game.version += 1
            fields += ["ended_at", "winner", "version"]
        game.save(update_fields=fields)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0013_game_round_hands"),
        ("tournaments", "0013_round_drawn"),
    ]

    operations = [migrations.RunPython(forward, migrations.RunPython.noop)]
