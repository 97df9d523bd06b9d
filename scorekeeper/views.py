"""Pages. A view binds a form or JSON, calls one service or selector, and renders or redirects.

Edit pages live under ``/g/<id>/edit/`` and are open to the device holding the game's edit link
(a signed cookie, edit_access.py) or to its logged-in owner.
"""

from __future__ import annotations

from typing import Any

import segno
from csp.decorators import csp_exempt
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core import no_store, rate_limits
from core.page_versions import version_response
from core.params import int_param
from core.phone_links import phone_links
from scorekeeper import services
from scorekeeper.charts import totals_chart
from scorekeeper.edit_access import (
    can_edit,
    edit_path,
    edit_token,
    editable_game,
    open_edit_link,
    recent_game_ids,
    recent_games_keep,
)
from scorekeeper.forms import ImportForm, NewGameForm, OpeningLookupForm, PlayedOnForm
from scorekeeper.hand_pages import LABELS, QUEUE_LABELS, side_words
from scorekeeper.hand_scoring import table_of
from scorekeeper.i18n import explain, preset_name
from scorekeeper.imports import ImportRefused, records_from_text
from scorekeeper.models import Game
from scorekeeper.paper_forms import PaperImport
from scorekeeper.phone_engine import page_engine
from scorekeeper.rules import HOUSE_RULES, PRESETS, RuleViolation
from scorekeeper.rules.house_rules import house_rule_defaults
from scorekeeper.rules.opening import opening_minimum_for, opening_table
from scorekeeper.rules.variants import CANASTA, Variant
from scorekeeper.selectors import (
    board_page,
    chart_points,
    game_board,
    game_cards,
    game_deal,
    game_hands,
    game_or_404,
    game_revisions,
    game_row_or_404,
    game_tournament_table,
    game_version_of,
    games_of_user,
    hand_undoable,
)
from scorekeeper.serializers import phone_state
from scorekeeper.tables import HandTable, RevisionTable


def home(request: HttpRequest) -> HttpResponse:
    mine = games_of_user(request.user)[:20] if request.user.is_authenticated else []
    response = render(
        request,
        "scorekeeper/home.html",
        {
            "form": OpeningLookupForm(),
            "on_this_device": game_cards(recent_game_ids(request)),
            "my_games": mine,
        },
    )
    return _kept_by_nobody_if_signed_in(request, response)


@require_POST
def game_forget(request: HttpRequest, game_id: str) -> HttpResponse:
    """Take a game off this device's list (the game and its edit link stay as they are)."""
    response = redirect("home")
    recent_games_keep(response, [i for i in recent_game_ids(request) if i != game_id])
    return response


def opening_lookup(request: HttpRequest) -> HttpResponse:
    """The opening minimum of a side: by its score, or by the hand's number (Hand and Foot)."""
    from scorekeeper.rule_words import opening_rows

    form = OpeningLookupForm(request.GET or None)
    minimum = None
    looked_up = None
    hand = None
    if form.is_valid():
        data = form.cleaned_data
        variant = PRESETS[data["variant"]]
        by_hand = variant.id in form.by_hand
        try:
            minimum = opening_minimum_for(
                variant.id,
                data["score"] if data["score"] is not None else 0,
                data["players"],
                data["hand"] if by_hand else None,
            )
            looked_up, hand = variant, data["hand"] if by_hand else None
        except RuleViolation as violation:
            if violation.field == "hand":
                form.add_error("hand", _hand_refusal(variant, data["players"]))
            else:
                form.add_error("players", explain(violation))
    return render(
        request,
        "scorekeeper/opening.html",
        {
            "form": form,
            "minimum": minimum,
            "looked_up": looked_up,
            "hand": hand,
            "needs_canasta": minimum == CANASTA,
            "tables": [
                (v, v.id in form.by_hand, opening_rows(v, opening_table(v)))
                for v in PRESETS.values()
            ],
        },
    )


def _hand_refusal(variant: Variant, players: int) -> str:
    """A hand number outside the game, in words: "A game of Hand and Foot is 4 hands..."."""
    hands = variant.seating(players).hands
    if not hands:
        return _("Give the hand's number in the game, from 1.")
    return ngettext(
        "A game of %(name)s is %(count)s hand: give a hand number from 1 to %(count)s.",
        "A game of %(name)s is %(count)s hands: give a hand number from 1 to %(count)s.",
        hands,
    ) % {"name": preset_name(variant), "count": hands}


def variant_list(request: HttpRequest) -> HttpResponse:
    """The Rules page: each preset's values in words, then the house rules."""
    from scorekeeper.house_rule_words import house_rule_words
    from scorekeeper.rule_words import preset_words
    from scorekeeper.rules_page import parts_for

    response = render(
        request,
        "scorekeeper/variants.html",
        {
            "presets": [preset_words(v) for v in PRESETS.values()],
            "parts": parts_for(request),
            "house_rules": house_rule_words(HOUSE_RULES, PRESETS),
        },
    )
    return _kept_by_nobody_if_signed_in(request, response)


def _kept_by_nobody_if_signed_in(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """A page anyone reads that also shows a signed-in reader's own (their games, their clubs'
    rules): for them it is stored nowhere, the phone's service worker included."""
    if request.user.is_authenticated:
        no_store.mark(request)
    return response


@rate_limits.new_games
def game_new(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game, token = services.game_create(**form.game_arguments(), owner=request.user)
        except RuleViolation as violation:
            form.add_error(None, explain(violation))
        else:
            return open_edit_link(request, game, token)
    return render(
        request,
        "scorekeeper/game_new.html",
        {
            "form": form,
            "variant_radios": list(zip(form["variant"], PRESETS.values(), strict=True)),
            **game_setup_context(),
        },
        status=400 if form.errors else 200,
    )


def game_setup_context() -> dict[str, Any]:
    """What the script of a form setting a game up (new_game.mjs) reads: each preset's player
    counts, layouts, targets and house-rule values, and its words."""
    presets = {
        v.id: {
            "players": list(v.player_counts),
            # Per player count, its layouts: sides, target and each house rule's value.
            "seatings": {
                players: [
                    {"sides": s.sides, "target": s.target, "defaults": house_rule_defaults(v, s)}
                    for s in v.seatings_of(players)
                ]
                for players in v.player_counts
            },
        }
        for v in PRESETS.values()
    }
    return {
        "presets": presets,
        "labels": {
            "default": _("Preset target:"),
            # hand-and-foot: no target, a number of hands (house rule "hands").
            "no_target": _("none: the game is a number of hands (house rule Hands in a game)"),
            "preset": _("as the preset"),
            "yes": _("yes"),
            "no": _("no"),
        },
    }


def play(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    """The edit link: remember it on this device, then show the game without the token."""
    game = game_row_or_404(game_id)
    if not game.token_matches(token):
        raise Http404  # an edit link that does not match is simply not a page
    return open_edit_link(request, game, token)


def _scoreboard(request: HttpRequest, game: Game, editable: bool) -> HttpResponse:
    """The totals, one page of hands (the latest by default) and a chart; the forms that carry
    this visitor's CSRF token (play again, undo) around them. A locked game (a tournament
    table whose result stands) shows no way to change a hand, and says why."""
    writable = editable and not game.locked
    token = edit_token(request, game.id) if editable else None
    # A tournament pair's key (not the game's own edit link) leads back to its table page, and
    # is not offered to another phone: it is that pair's link alone.
    table = game_tournament_table(game, token)
    return render(
        request,
        "scorekeeper/scoreboard.html",
        {
            "game": game,
            "board": _board(request, game, writable),
            "finished": game.ended_at is not None,
            "next_number": game.hand_count + 1,
            "editable": writable,
            "locked": editable and game.locked,
            "undo": hand_undoable(game) if writable else None,
            "add_phone": _add_phone(request, game) if editable and table is None else None,
            # The read-only page leads whoever may change the game (its owner, a club's
            # director) to its edit page.
            "may_edit": not editable and request.user.is_authenticated and can_edit(request, game),
            "deal": game_deal(game) if game.ended_at is None and not game.locked else None,
            # A table's game is played on its event's day (the director changes that).
            "day_form": PlayedOnForm(initial={"played_on": game.played_on})
            if writable and not game.keys.exists()
            else None,
            "tournament_table": table,
            "of_hands": game_hands(game),
            "share_url": request.build_absolute_uri(reverse("game", args=[game.id])),
            "queue_labels": QUEUE_LABELS,
            # The words about hands kept on this phone, and the phone's engine, only where hands
            # are entered.
            "board_labels": BOARD_LABELS
            if writable and game.ended_at is None
            else {"offline": BOARD_LABELS["offline"]},
            "phone_engine": page_engine() if writable and game.ended_at is None else None,
        },
    )


# The words of the scoreboard's script (board.mjs).
BOARD_LABELS = {
    "withKept": gettext_lazy("with the hands not yet sent (saved: %(saved)s)"),
    "notCounted": gettext_lazy("not counting the hands kept on this phone yet"),
    "enterHand": gettext_lazy("Enter hand %(n)s"),
    "enterHandOf": gettext_lazy("Enter hand %(n)s of %(total)s"),
    "dealer": gettext_lazy("Hand %(n)s: <strong>%(name)s</strong> deals"),
    # As the entry page says them (hand_pages.LABELS): one message each.
    **{key: LABELS[key] for key in ("needs", "needsCanasta", "draw")},
    "offline": gettext_lazy(
        "No connection: this board shows what this phone last saw; hands entered now are kept "
        "on this phone and sent when the connection returns."
    ),
}


@csp_exempt()  # type: ignore[arg-type]  # JSON, not a page: no policy (django-csp types views as taking the request alone)
def game_version(request: HttpRequest, game_id: str) -> HttpResponse:
    """The game's version, which every change moves on, and its number of hands: the scoreboards
    and entry pages of every phone ask it every few seconds. One indexed read, and 304 with no body while it is the version the phone
    has (its If-None-Match), so a game nobody changes costs next to nothing to follow."""
    found = game_version_of(game_id)
    if found is None:
        raise Http404
    version, hands = found
    return version_response(request, f"v{version}", {"version": version, "hands": hands})


@require_POST
def game_played_on(request: HttpRequest, game_id: str) -> HttpResponse:
    """Correct the day the game was played (its players' statistics follow)."""
    editable_game(request, game_id)
    form = PlayedOnForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.refusal())
        return redirect("edit", game_id)
    try:
        services.game_played_on_set(game_id=game_id, played_on=form.cleaned_data["played_on"])
    except RuleViolation as violation:
        messages.error(request, explain(violation))
    return redirect("edit", game_id)


@require_POST
def game_dealer(request: HttpRequest, game_id: str) -> HttpResponse:
    """Choose who deals first (the deal rotates from there)."""
    editable_game(request, game_id)
    try:
        services.game_first_dealer_set(game_id=game_id, seat=int_param(request.POST.get("seat")))
    except RuleViolation as violation:
        messages.error(request, explain(violation))
    return redirect("edit", game_id)


def _add_phone(request: HttpRequest, game: Game) -> dict[str, Any] | None:
    """The edit link this device holds, with its QR code (SVG), for another phone to join: at
    this machine's network address when the page was opened at its own (phone_links)."""
    path = edit_path(request, game.id)
    if path is None:
        return None
    links = phone_links(request)
    url = links.to(path)
    svg = segno.make(url, error="m").svg_inline(
        scale=5, border=2, title=_("QR code of the edit link")
    )
    # segno writes the SVG, escaped.
    return {"url": url, "qr": mark_safe(svg), "links": links}  # noqa: S308


def _board(request: HttpRequest, game: Game, editable: bool) -> dict[str, str]:
    """A scoreboard's title, totals, chart, hands and links. They depend only on the game's
    version, the page, the language and whether the page edits, so they are cached under that
    key (never stale: every change makes a new version; the page a real one of the game, so a
    visitor's made-up ?page= or Host makes no new entry). A cached board costs one query (the
    game's row) instead of five and most of a page's time."""
    page = board_page(game.hand_count, int_param(request.GET.get("page"))).number
    key = f"board:{game.id}:{game.version}:{page}:{get_language()}:{int(editable)}"
    parts: dict[str, str] | None = caches["fragments"].get(key)
    if parts is None:
        state, window = game_board(game, page)
        context = {
            "state": state,
            "game": game,
            "variant": state.ruleset.variant,
            "editable": editable,
            "window": window,
            "table": HandTable(state, reverse("edit", args=[game.id]) if editable else None),
            "chart": totals_chart(
                chart_points(game), [s.name for s in state.sides], state.ruleset.target
            ),
            # Where the hands kept on this phone go on from, for its engine to score them
            # (board.mjs), and where the game stands for the phone to keep (phone_state).
            "kept_from": {
                **phone_state(state),
                "table": table_of(game, [s.name for s in state.sides]).to_json(),
                # "Anna & Ben win the game.": each side's verb agrees with its players.
                "wins": [
                    side_words(side.name, players)["wins"]
                    for side, players in zip(state.sides, state.ruleset.layout, strict=True)
                ],
            }
            if editable and not state.finished
            else None,
        }
        parts = {
            "title": " – ".join(side.name for side in state.sides),
            "head": render_to_string("scorekeeper/_board_head.html", context, request),
            "body": render_to_string("scorekeeper/_board_hands.html", context, request),
        }
        caches["fragments"].set(key, parts, FRAGMENT_SECONDS)
    return {
        "title": parts["title"],  # escaped by the page template
        # Rendered by our templates (autoescaped) and cached as text.
        "head": mark_safe(parts["head"]),  # noqa: S308
        "body": mark_safe(parts["body"]),  # noqa: S308
    }


FRAGMENT_SECONDS = 3600


def game_view(request: HttpRequest, game_id: str) -> HttpResponse:
    return _scoreboard(request, game_row_or_404(game_id), editable=False)


def edit(request: HttpRequest, game_id: str) -> HttpResponse:
    return _scoreboard(request, editable_game(request, game_id), editable=True)


@require_POST
def game_rematch(request: HttpRequest, game_id: str) -> HttpResponse:
    editable_game(request, game_id)
    game, token = services.game_rematch(game_id=game_id, owner=request.user)
    messages.success(request, _("A new game with the same players and rules."))
    return open_edit_link(request, game, token)


def history(request: HttpRequest, game_id: str) -> HttpResponse:
    game = game_or_404(game_id)
    return render(
        request,
        "scorekeeper/history.html",
        {
            "game": game,
            "table": RevisionTable(
                list(game_revisions(game)), accounts_named=can_edit(request, game)
            ),
        },
    )


@rate_limits.new_games
def game_import(request: HttpRequest) -> HttpResponse:
    """Two forms: a game begun on paper (its hands row by row), and hand records from a file or
    pasted (JSON Lines). The paper form says so in its data (``form=paper``)."""
    on_paper = request.method == "POST" and request.POST.get("form") == "paper"
    from_file = request.method == "POST" and not on_paper
    paper = PaperImport(request.POST if on_paper else None)
    form = ImportForm(request.POST if from_file else None, request.FILES if from_file else None)
    imported = (
        _import_paper(request, paper)
        if on_paper
        else _import_file(request, form)
        if from_file
        else None
    )
    if imported is not None:
        game, token = imported
        messages.success(request, _("Game imported."))
        return open_edit_link(request, game, token)
    return render(
        request,
        "scorekeeper/import.html",
        {"form": form, "paper": paper, "rows": paper.rows, **game_setup_context()},
        status=400 if paper.refused or form.errors else 200,
    )


def _import_paper(request: HttpRequest, paper: PaperImport) -> tuple[Game, str] | None:
    """The game begun on paper, or None: "More rows", or a refusal kept in the form."""
    if paper.more or not paper.is_valid():
        return None
    try:
        return services.game_import_paper(
            **paper.arguments(), owner=request.user, author=services.Author.of(request.user)
        )
    except RuleViolation as violation:
        paper.refuse(violation)
    return None


def _import_file(request: HttpRequest, form: ImportForm) -> tuple[Game, str] | None:
    """The game of a file of hand records, or None with the refusal kept in the form."""
    if not form.is_valid():
        return None
    try:
        records = records_from_text(form.text_given())
        return services.game_import(
            records=records,
            owner=request.user,
            author=services.Author.of(request.user),
            played_on=form.cleaned_data.get("played_on"),
        )
    except (ImportRefused, ValidationError) as refused:
        form.add_error(
            None, refused.messages[0] if isinstance(refused, ValidationError) else str(refused)
        )
    except RuleViolation as violation:
        form.add_error(None, explain(violation))
    return None


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    games = list(games_of_user(request.user)[:100])
    return render(
        request,
        "scorekeeper/my_games.html",
        {"games": [(game, preset_name(game.variant)) for game in games]},
    )
