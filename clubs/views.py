"""The club pages: my clubs, a club's home, its players (added, merged), a player's page, the
leaders, the members. A club's members see them, its directors change them (clubs.access); to
anyone else they are not pages (404). Never kept by a shared cache: they name the club's
players."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from clubs import backup, services
from clubs.access import club_directed, club_seen
from clubs.backup import club_export_bytes
from clubs.charts import average_hand_chart
from clubs.club_links import club_links
from clubs.forms import (
    ClubForm,
    ClubImportForm,
    MemberForm,
    MergeForm,
    PlayerForm,
    PresetForm,
    SeasonForm,
    VpScaleForm,
)
from clubs.ladder import shared_ranks
from clubs.models import ClubImport, Membership, Player, Season
from clubs.person_data import PARTS
from clubs.selectors import (
    PlayerFigures,
    club_ratings,
    clubs_of,
    leader_key,
    leaders,
    lookalike_names,
    player_data,
    player_page,
    players_with_figures,
    preset_cards,
    season_ladder,
    season_picked_outside_dates,
)
from clubs.services import ClubError
from clubs.statistics_refresh import lines_catch_up
from clubs.tables import (
    FiguresTable,
    LeadersTable,
    PartnersTable,
    figures_row,
    ladder_table,
    rating_column,
)
from clubs.vp_scales import ScaleRefused, margins_from_text, scale_rows
from core.form_posts import form_saved
from core.no_store import private
from core.params import int_param
from core.rounding import tenths
from scorekeeper.edit_access import open_edit_link
from scorekeeper.forms import DatedGameForm, NewGameForm
from scorekeeper.game_exports import neutral
from scorekeeper.i18n import explain
from scorekeeper.rules import PRESETS, RuleViolation
from scorekeeper.views import game_setup_context

T = TypeVar("T")


def _submitted(
    form: Any, save: Callable[[dict[str, Any]], T], field: str | None = None
) -> T | None:
    """A posted form's service called with its data (core.form_posts), a ClubError its
    refusal."""
    return form_saved(form, save, refusals=(ClubError,), field=field)


@never_cache
@login_required
def club_list(request: HttpRequest) -> HttpResponse:
    """The user's clubs, and a new club (its creator is its first director)."""
    form = ClubForm(request.POST or None)
    if request.method == "POST":
        club = _submitted(
            form, lambda d: services.club_create(name=d["name"], director=request.user), "name"
        )
        if club is not None:
            messages.success(request, _("Club created. Next: add its players and members."))
            return redirect("club", club.id)
    return render(
        request,
        "clubs/list.html",
        {"memberships": clubs_of(request.user), "form": form},
        status=400 if form.errors else 200,
    )


@never_cache
@login_required
def club_home(request: HttpRequest, club_id: int) -> HttpResponse:
    club, role = club_seen(club_id, request.user)
    directing = role == Membership.Role.DIRECTOR
    rename = ClubForm(request.POST or None, initial={"name": club.name}) if directing else None
    if request.method == "POST":
        if rename is None:
            return HttpResponse(status=403)
        if _submitted(
            rename, lambda d: services.club_rename(club_id=club.id, name=d["name"]), "name"
        ):
            messages.success(request, _("Club renamed."))
            return redirect("club", club.id)
    context = {
        "club": club,
        "directing": directing,
        "rename": rename,
        "players": club.players.count(),
        "events": club.tournaments.order_by("-played_on", "-created_at")[:20],
        "more": club_links(club, request.user),
    }
    return render(
        request, "clubs/club.html", context, status=400 if rename and rename.errors else 200
    )


@never_cache
@login_required
def club_players(request: HttpRequest, club_id: int) -> HttpResponse:
    """Every player with their figures; a director adds players and merges duplicates."""
    club, role = club_seen(club_id, request.user)
    return _players_page(request, club, directing=role == Membership.Role.DIRECTOR)


def _players_page(
    request: HttpRequest,
    club: Any,
    *,
    directing: bool,
    add: PlayerForm | None = None,
    lookalikes: list[tuple[str, str]] | None = None,
) -> HttpResponse:
    up_to_date = lines_catch_up(club_id=club.id)
    figures = players_with_figures(club)
    query = request.GET.get("q", "").strip()[:80]
    if query:
        wanted = query.casefold()
        aliases = {
            p.id: " ".join(p.aliases).casefold()
            for p in club.players.exclude(aliases=[]).only("id", "aliases")
        }
        figures = [
            f
            for f in figures
            if wanted in f.name.casefold() or wanted in aliases.get(f.player_id, "")
        ]
    table = FiguresTable([figures_row(club.id, f) for f in figures])
    _paginate(request, table)
    context: dict[str, Any] = {
        "club": club,
        "directing": directing,
        "table": table,
        "count": len(figures),
        "query": query,
        "up_to_date": up_to_date,
        "add": (add or PlayerForm()) if directing else None,
        "merge": MergeForm(players=club.players.all()) if directing else None,
        "lookalikes": lookalikes or [],
        "lookalikes_asked": _names_asked(lookalikes or []),
    }
    return render(request, "clubs/players.html", context, status=400 if add else 200)


@require_POST
@login_required
def player_add(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_directed(club_id, request.user)
    form = PlayerForm(request.POST)
    if form.is_valid():
        # A new name like a player's is asked about once, as a club game's form does.
        lookalikes = lookalike_names(club, [form.cleaned_data["name"]])
        if lookalikes and request.POST.get("new_players") != _names_asked(lookalikes):
            form.add_error(None, _("Check the names the club has not met before."))
            return _players_page(request, club, directing=True, add=form, lookalikes=lookalikes)
        try:
            player = services.player_add(club_id=club.id, name=form.cleaned_data["name"])
        except ClubError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("%(name)s added.") % {"name": player.name})
    else:
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
    return redirect("club-players", club.id)


@require_POST
@login_required
def player_merge(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_directed(club_id, request.user)
    form = MergeForm(request.POST, players=club.players.all())
    if not form.is_valid():
        messages.error(request, _("Pick the player to keep and the duplicate."))
        return redirect("club-players", club.id)
    keep, duplicate = form.cleaned_data["keep"], form.cleaned_data["duplicate"]
    if request.POST.get("confirmed") != "1":  # a merge is not undone: asked once more, by name
        try:  # ...unless it would be refused anyway
            services.check_player_merge(club_id=club.id, keep_id=keep.id, duplicate_id=duplicate.id)
        except ClubError as error:
            messages.error(request, str(error))
            return redirect("club-players", club.id)
        return render(
            request,
            "clubs/merge_confirm.html",
            {"club": club, "keep": keep, "duplicate": duplicate},
        )
    try:
        services.player_merge(club_id=club.id, keep_id=keep.id, duplicate_id=duplicate.id)
    except ClubError as error:
        messages.error(request, str(error))
        return redirect("club-players", club.id)
    messages.success(
        request,
        _("%(duplicate)s merged into %(keep)s: every game and event now counts for %(keep)s.")
        % {"duplicate": duplicate.name, "keep": keep.name},
    )
    return redirect("club-player", club.id, keep.id)


@never_cache
@login_required
def player_detail(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club, role = club_seen(club_id, request.user)
    player = get_object_or_404(Player, club=club, id=player_id)
    directing = role == Membership.Role.DIRECTOR
    rename = PlayerForm(request.POST or None, initial={"name": player.name}) if directing else None
    if request.method == "POST":
        if rename is None:
            return HttpResponse(status=403)
        renamed = _submitted(
            rename,
            lambda d: services.player_rename(club_id=club.id, player_id=player.id, name=d["name"]),
            "name",
        )
        if renamed:
            messages.success(request, _("Player renamed."))
            return redirect("club-player", club.id, player.id)
    up_to_date = lines_catch_up(club_id=club.id, player_id=player.id)
    page = player_page(player)
    rating = club_ratings(club).get(player.id) if club.rating else None
    context = {
        "club": club,
        "page": page,
        "player": player,
        "row": figures_row(club.id, _as_figures(page)),
        "chart": average_hand_chart(page.months),
        "partners": PartnersTable([figures_row(club.id, p) for p in page.partners]),
        "up_to_date": up_to_date,
        "rename": rename,
        "rating": rating,
    }
    return render(
        request, "clubs/player.html", context, status=400 if rename and rename.errors else 200
    )


def _as_figures(page: Any) -> Any:
    return PlayerFigures(page.player.id, page.player.name, page.stats)


PER_PAGE = 50  # rows of a players' table: a phone's long scroll, and a page drawn quickly


def _paginate(request: HttpRequest, table: Any) -> None:
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)


@never_cache
@login_required
def club_leaders(request: HttpRequest, club_id: int) -> HttpResponse:
    club, _role = club_seen(club_id, request.user)
    up_to_date = lines_catch_up(club_id=club.id)
    found = leaders(club)
    rated = club_ratings(club) if club.rating else {}
    order: Callable[[PlayerFigures], tuple[float, ...]] = leader_key
    if club.rating:  # the rating orders the table where the club shows it

        def order(f: PlayerFigures) -> tuple[float, ...]:
            return (-(rated[f.player_id].value if f.player_id in rated else -1),)

        found.sort(key=order)
    rows = [
        {
            **figures_row(club.id, f, rank),
            "shared": shared,
            "rating": getattr(rated.get(f.player_id), "value", None),
        }
        for (rank, shared), f in zip(shared_ranks([order(f) for f in found]), found, strict=True)
    ]
    extra = [("rating", rating_column())] if club.rating else []
    table = LeadersTable(
        rows, extra_columns=extra, sequence=("rank", "name", "...") if extra else None
    )
    _paginate(request, table)
    return render(
        request,
        "clubs/leaders.html",
        {"club": club, "table": table, "up_to_date": up_to_date},
    )


@never_cache
@login_required
def club_members(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's accounts and their roles; a director adds, changes and removes them."""
    club = club_directed(club_id, request.user)
    form = MemberForm(request.POST or None)
    if request.method == "POST":
        saved = _submitted(
            form,
            lambda d: services.membership_set(
                club_id=club.id, username=d["username"], role=d["role"]
            ),
        )
        if saved is not None:
            messages.success(request, _("Saved."))
            return redirect("club-members", club.id)
    context = {
        "club": club,
        "form": form,
        "members": club.memberships.select_related("user").order_by("user__username"),
    }
    return render(request, "clubs/members.html", context, status=400 if form.errors else 200)


@require_POST
@login_required
def member_remove(request: HttpRequest, club_id: int, membership_id: int) -> HttpResponse:
    club = club_directed(club_id, request.user)
    try:
        services.membership_remove(club_id=club.id, membership_id=membership_id)
    except ClubError as error:
        messages.error(request, str(error))
    return redirect("club-members", club.id)


@require_POST
@login_required
def club_leave(request: HttpRequest, club_id: int) -> HttpResponse:
    club, _role = club_seen(club_id, request.user)
    try:
        services.membership_leave(club_id=club.id, user=request.user)
    except ClubError as error:
        messages.error(request, str(error))
        return redirect("club", club.id)
    messages.success(request, _("You have left %(club)s.") % {"club": club.name})
    return redirect("club-list")


@require_POST
@login_required
def player_remove(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = club_directed(club_id, request.user)
    player = get_object_or_404(Player, club=club, id=player_id)
    try:
        services.player_remove(club_id=club.id, player_id=player.id)
    except ClubError as error:
        messages.error(request, str(error))
        return redirect("club-player", club.id, player.id)
    messages.success(request, _("%(name)s removed.") % {"name": player.name})
    return redirect("club-players", club.id)


@never_cache
@login_required
def player_data_download(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    """Everything held about a player, as a JSON file, for the person who asked the club."""
    club = club_directed(club_id, request.user)
    player = get_object_or_404(Player, club=club, id=player_id)
    response = HttpResponse(
        json.dumps(player_data(player), ensure_ascii=False, indent=2),
        content_type="application/json",
    )
    response["Content-Disposition"] = f'attachment; filename="player-{player.id}.json"'
    private(response)
    return response


@require_POST
@login_required
def player_anonymise(request: HttpRequest, club_id: int, player_id: int) -> HttpResponse:
    club = club_directed(club_id, request.user)
    player = get_object_or_404(Player, club=club, id=player_id)
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm: anonymising cannot be undone."))
        return redirect("club-player", club.id, player.id)
    elsewhere = [name for part in PARTS for name in part.kept_elsewhere(player.id)]
    try:
        services.player_anonymise(club_id=club.id, player_id=player.id)
    except ClubError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, _("The record is anonymised: its results stand under \u201cAnonymous\u201d.")
        )
        if elsewhere:
            messages.warning(
                request,
                _(
                    "These federations keep their own member record of the person: ask their "
                    "officers to anonymise it too: %(federations)s."
                )
                % {"federations": ", ".join(elsewhere)},
            )
    return redirect("club-player", club.id, player.id)


@never_cache
@login_required
def club_game_new(request: HttpRequest, club_id: int) -> HttpResponse:
    """A new game of the club's players (any member may start one): the new-game form, its
    players then the club's records, so the game counts in their statistics."""
    club, _role = club_seen(club_id, request.user)
    picked = club.presets.filter(id=int_param(request.GET.get("preset")) or 0).first()
    initial = (
        NewGameForm.initial_for(picked.variant, picked.players, picked.sides, picked.rules)
        if picked
        else None
    )
    form = DatedGameForm(request.POST or None, initial=initial)
    lookalikes: list[tuple[str, str]] = []
    if request.method == "POST" and form.is_valid():
        arguments = form.game_arguments()
        named = [n for side in arguments["sides"] for n in str(side.get("players", "")).split(",")]
        lookalikes = lookalike_names(club, named)
        # A new name like a player's is asked about once ("Ana Rossi": Anna Rossi mistyped?);
        # sent again as it was, it is a new player.
        if lookalikes and request.POST.get("new_players") != _names_asked(lookalikes):
            form.add_error(None, _("Check the names the club has not met before."))
        else:
            lookalikes = []
            try:
                game, token = services.club_game_create(
                    club_id=club.id, owner=request.user, **arguments
                )
            except RuleViolation as violation:
                form.add_error(None, explain(violation))
            except ClubError as error:
                form.add_error(None, str(error))
            else:
                return open_edit_link(request, game, token)
    context = {
        "form": form,
        "club": club,
        "lookalikes": lookalikes,
        "lookalikes_asked": _names_asked(lookalikes),
        "picked": picked,
        "club_presets": club.presets.all(),
        "variant_radios": list(zip(form["variant"], PRESETS.values(), strict=True)),
        **game_setup_context(),
    }
    return render(request, "clubs/game_new.html", context, status=400 if form.errors else 200)


def _names_asked(lookalikes: list[tuple[str, str]]) -> str:
    return "|".join(name for name, _like in lookalikes)


@never_cache
@login_required
def club_presets(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's rules, each in words; a director saves (or replaces) and deletes them."""
    club, role = club_seen(club_id, request.user)
    directing = role == Membership.Role.DIRECTOR
    form = PresetForm(request.POST or None) if directing else None
    if request.method == "POST":
        if form is None:
            return HttpResponse(status=403)
        preset = _submitted(
            form, lambda _d: services.preset_save(club_id=club.id, **form.preset_arguments())
        )
        if preset is not None:
            messages.success(request, _("%(name)s saved.") % {"name": preset.name})
            return redirect("club-presets", club.id)
    context = {
        "club": club,
        "directing": directing,
        "cards": preset_cards(club),
        "form": form,
        "variant_field": form["variant"] if form else None,
        **game_setup_context(),
    }
    return render(
        request, "clubs/presets.html", context, status=400 if form and form.errors else 200
    )


@require_POST
@login_required
def rating_set(request: HttpRequest, club_id: int) -> HttpResponse:
    """Show the rating on the club's pages, or stop showing it (nothing is lost: it is computed
    from the games)."""
    club = club_directed(club_id, request.user)
    services.club_rating_set(club_id=club.id, on=request.POST.get("on") == "1")
    return redirect("club", club.id)


@require_POST
@login_required
def preset_delete(request: HttpRequest, club_id: int, preset_id: int) -> HttpResponse:
    club = club_directed(club_id, request.user)
    services.preset_delete(club_id=club.id, preset_id=preset_id)
    return redirect("club-presets", club.id)


@never_cache
@login_required
def club_vp_scales(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's scales of victory points, each as a table; a director saves (or replaces)
    and deletes them. An event picks one when it is set up, and keeps its own copy."""
    club, role = club_seen(club_id, request.user)
    directing = role == Membership.Role.DIRECTOR
    form = VpScaleForm(request.POST or None) if directing else None
    if request.method == "POST":
        if form is None:
            return HttpResponse(status=403)
        scale = _submitted(
            form,
            lambda d: services.vp_scale_save(
                club_id=club.id, name=d["name"], margins=_margins_typed(d["margins"])
            ),
            "margins",
        )
        if scale is not None:
            messages.success(request, _("%(name)s saved.") % {"name": scale.name})
            return redirect("club-vp-scales", club.id)
    scales = [(s, scale_rows(tuple(s.margins))) for s in club.vp_scales.all()]
    context = {"club": club, "directing": directing, "scales": scales, "form": form}
    return render(
        request, "clubs/vp_scales.html", context, status=400 if form and form.errors else 200
    )


def _margins_typed(text: str) -> object:
    """The margins as typed, read (the service checks them): what cannot be read is refused
    with the scale's own words."""
    try:
        return margins_from_text(text)
    except ScaleRefused as refused:
        raise ClubError(str(refused)) from None


@require_POST
@login_required
def vp_scale_delete(request: HttpRequest, club_id: int, scale_id: int) -> HttpResponse:
    club = club_directed(club_id, request.user)
    services.vp_scale_delete(club_id=club.id, scale_id=scale_id)
    return redirect("club-vp-scales", club.id)


def _season_form(request: HttpRequest, club: Any, season: Any = None) -> SeasonForm:
    initial = (
        {
            "name": season.name,
            "method": season.method,
            "best": season.best,
            "starts_on": season.starts_on,
            "ends_on": season.ends_on,
            "events": list(season.events.values_list("id", flat=True)),
        }
        if season
        else None
    )
    tournaments = club.tournaments.order_by("-played_on", "-created_at")
    return SeasonForm(request.POST or None, initial=initial, tournaments=tournaments)


def _season_saved(club: Any, form: SeasonForm, season_id: Any) -> Any:
    return _submitted(
        form,
        lambda d: services.season_save(
            club_id=club.id,
            name=d["name"],
            method=d["method"],
            best=d["best"],
            event_ids=[t.id for t in d["events"]],
            season_id=season_id,
            starts_on=d["starts_on"],
            ends_on=d["ends_on"],
        ),
    )


@never_cache
@login_required
def club_seasons(request: HttpRequest, club_id: int) -> HttpResponse:
    club, role = club_seen(club_id, request.user)
    directing = role == Membership.Role.DIRECTOR
    form = _season_form(request, club) if directing else None
    if request.method == "POST":
        if form is None:
            return HttpResponse(status=403)
        if season := _season_saved(club, form, None):
            return redirect("club-season", club.id, season.id)
    context = {"club": club, "directing": directing, "seasons": club.seasons.all(), "form": form}
    return render(
        request, "clubs/seasons.html", context, status=400 if form and form.errors else 200
    )


@never_cache
@login_required
def season_detail(request: HttpRequest, club_id: int, season_id: int) -> HttpResponse:
    club, role = club_seen(club_id, request.user)
    season = get_object_or_404(Season, club=club, id=season_id)
    directing = role == Membership.Role.DIRECTOR
    form = _season_form(request, club, season) if directing else None
    if request.method == "POST":
        if form is None:
            return HttpResponse(status=403)
        if _season_saved(club, form, season.id):
            messages.success(request, _("Saved."))
            return redirect("club-season", club.id, season.id)
    found = season_ladder(season)
    context = {
        "club": club,
        "season": season,
        "ladder": found,
        "table": ladder_table(club.id, found),
        "picked_outside": season_picked_outside_dates(season),
        "form": form,
    }
    return render(
        request, "clubs/season.html", context, status=400 if form and form.errors else 200
    )


@login_required
def season_csv(request: HttpRequest, club_id: int, season_id: int) -> HttpResponse:
    """The ladder as CSV: rank, player, points, events, then each event's points (a dropped
    event's marked "not counted"); points as numbers a spreadsheet reads (rounding.tenths)."""
    club, _role = club_seen(club_id, request.user)
    season = get_object_or_404(Season, club=club, id=season_id)
    found = season_ladder(season)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    name = slugify(f"{club.name} {season.name}") or "season"
    response["Content-Disposition"] = f'attachment; filename="{name}.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 with its mark
    out = csv.writer(response)
    header = [pgettext("standings", "Rank"), _("Player"), _("Points"), _("Events")]
    for event in found.events:
        header += [neutral(event.tournament.name), _("counted")]
    out.writerow(header)
    yes, no = _("yes"), _("no")
    for row, name, contributions in found.rows:
        line = [row.rank, neutral(name), tenths(row.total), row.events]
        for c in contributions:
            line += ["", ""] if c is None else [tenths(c.points), yes if c.counted else no]
        out.writerow(line)
    private(response)
    return response


@never_cache
@login_required
def club_backup(request: HttpRequest, club_id: int) -> HttpResponse:
    """The club's whole record as a file to take home (backup.py); its directors only."""
    club = club_directed(club_id, request.user)
    response = HttpResponse(club_export_bytes(club), content_type="application/json")
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = (
        f'attachment; filename="{slugify(club.name) or "club"}-{stamp}.json"'
    )
    private(response)
    return response


@never_cache
@login_required
def club_import(request: HttpRequest) -> HttpResponse:
    """A club from a backup file: a new club on this server, its importer its director. The file
    is checked at once, then imported in the background, its page showing the progress."""
    form = ClubImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            job = backup.club_import_start(
                data=upload.read(backup.MAX_BYTES + 1),
                director=request.user,
                name=form.cleaned_data["name"],
            )
        except ClubError as error:
            form.add_error(None, str(error))
        else:
            return redirect("club-import-job", job.id)
    return render(request, "clubs/import.html", {"form": form}, status=400 if form.errors else 200)


@never_cache
@login_required
def club_import_job(request: HttpRequest, job_id: int) -> HttpResponse:
    """An import under way (the page looks again every 2 s), then its club or its refusal."""
    job = backup.club_import_check(job_id=job_id, user=request.user)
    if job is None:
        raise Http404
    if job.status == ClubImport.Status.DONE and job.club is not None:
        messages.success(request, _("%(name)s imported.") % {"name": job.club.name})
        return redirect("club", job.club.id)
    failed = job.status == ClubImport.Status.FAILED
    return render(request, "clubs/import_job.html", {"job": job, "failed": failed})
