"""Games stored before the rulebook corrections keep scoring as they did.

The presets now follow the seed texts where VARIANTS.md had them wrong. A game created before
keeps the values it was played under, written as its house rules where it gave none of its own:

- ducale: ``wild_limit: three`` (now no cap, as the leaflet says);
- origen: ``red_threes_against: no_meld`` (now only when another side went out);
- classic and classic-es with six players: ``going_out_canastas: 1`` and ``cards_dealt: 11``
  (now the six-handed Official Canasta Laws: two canastas, 13 cards).

Targets need nothing: every game stores its own (``Game.target``), so classic-es games keep 5000
and six-handed classic games keep 5000. Origen's deck is a deck of its own now, so a ``packs``
house rule no longer applies to it and is dropped. What no house rule can hold is listed in the
change log (CHANGELOG.md).
"""

from django.db import migrations

OLD_VALUES = {
    "ducale": {"wild_limit": "three"},
    "origen": {"red_threes_against": "no_meld"},
}
OLD_SIX_HANDED = {"going_out_canastas": 1, "cards_dealt": 11}
SIX_HANDED_PRESETS = ("classic", "classic-es")


def old_values(variant, players):
    values = dict(OLD_VALUES.get(variant, {}))
    if variant in SIX_HANDED_PRESETS and players == 6:
        values.update(OLD_SIX_HANDED)
    return values


def keep_old_values(apps, schema_editor):
    Game = apps.get_model("scorekeeper", "Game")
    changed = []
    games = Game.objects.filter(variant__in=[*OLD_VALUES, *SIX_HANDED_PRESETS]).only(
        "id", "variant", "players", "rules"
    )
    for game in games.iterator():
        rules = dict(game.rules or {})
        for name, value in old_values(game.variant, game.players).items():
            rules.setdefault(name, value)  # a value the table chose itself stays
        if game.variant == "origen":
            rules.pop("packs", None)
        if rules != game.rules:
            game.rules = rules
            changed.append(game)
    Game.objects.bulk_update(changed, ["rules"], batch_size=500)


def drop_unknown_values(apps, schema_editor):
    """Back to the old code: it knows no ``going_out_canastas`` and no ``no_meld_another_out``."""
    Game = apps.get_model("scorekeeper", "Game")
    changed = []
    for game in Game.objects.filter(variant__in=SIX_HANDED_PRESETS + ("origen",)).iterator():
        rules = dict(game.rules or {})
        rules.pop("going_out_canastas", None)
        if rules.get("red_threes_against") == "no_meld_another_out":
            rules.pop("red_threes_against")
        if rules != game.rules:
            game.rules = rules
            changed.append(game)
    Game.objects.bulk_update(changed, ["rules"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0001_initial")]

    operations = [migrations.RunPython(keep_old_values, drop_unknown_values)]
