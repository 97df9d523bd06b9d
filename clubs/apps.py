from __future__ import annotations

from typing import Any

from django.apps import AppConfig


class ClubsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "clubs"

    def ready(self) -> None:
        from scorekeeper.edit_access import EDITORS
        from scorekeeper.rules_page import PARTS
        from scorekeeper.signals import game_changed, game_rematched, games_restored

        game_changed.connect(_game_changed, dispatch_uid="clubs.game_changed")
        games_restored.connect(_games_restored, dispatch_uid="clubs.games_restored")
        game_rematched.connect(_game_rematched, dispatch_uid="clubs.game_rematched")
        if _directs_a_player_of not in EDITORS:
            EDITORS.append(_directs_a_player_of)
        if _club_presets not in PARTS:
            PARTS.append(_club_presets)


def _club_presets(request: Any) -> list[Any]:
    """The Rules page shows the presets of the reader's clubs beside the rulebooks', one section
    a club (scorekeeper/rules_page.py)."""
    from django.template.loader import render_to_string
    from django.utils.html import conditional_escape
    from django.utils.safestring import mark_safe
    from django.utils.translation import gettext as _

    from clubs.selectors import presets_of_member
    from scorekeeper.rules_page import RulesPart

    parts = []
    for club, cards in presets_of_member(getattr(request, "user", None)):
        anchor = f"club-{club.id}"
        # The words are ours and the name escaped: the title is safe as it is (an apostrophe kept).
        title = mark_safe(_("%(club)s: the club's rules") % {"club": conditional_escape(club.name)})  # noqa: S308
        context = {"anchor": anchor, "title": title, "club": club, "cards": cards}
        html = render_to_string("clubs/_rules_part.html", context, request=request)
        parts.append(RulesPart(anchor=anchor, title=title, html=mark_safe(html)))  # noqa: S308
    return parts


def _directs_a_player_of(user: Any, game: Any) -> bool:
    """A club's director corrects the games its players sat in (whoever started them)."""
    from clubs.models import Membership

    return Membership.objects.filter(
        user_id=user.pk,
        role=Membership.Role.DIRECTOR,
        club__players__seats__side__game_id=game.id,
    ).exists()


def _game_changed(game_id: str, **kwargs: Any) -> None:
    """A game changed: if club players sit in it, their statistics' lines are due, and rebuilt
    after the commit."""
    from clubs.statistics_refresh import game_lines_request

    game_lines_request(game_id=game_id)


def _games_restored(game_ids: list[str], **kwargs: Any) -> None:
    """Games restored together: the same, for them all at once."""
    from clubs.statistics_refresh import games_lines_request

    games_lines_request(game_ids=game_ids)


def _game_rematched(game_id: str, source_id: str, **kwargs: Any) -> None:
    """Play again: the new game seats the same club players, side by side."""
    from clubs.models import SeatedPlayer
    from scorekeeper.models import Side

    positions = dict(Side.objects.filter(game_id=game_id).values_list("position", "id"))
    SeatedPlayer.objects.bulk_create(
        SeatedPlayer(side_id=positions[s.side.position], player_id=s.player_id, seat=s.seat)
        for s in SeatedPlayer.objects.filter(side__game_id=source_id).select_related("side")
        if s.side.position in positions
    )
