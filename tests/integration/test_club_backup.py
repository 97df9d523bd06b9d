"""A club's backup: its whole record out as a file, and into a new club with everything
derived (scores, standings, statistics, the ladder) computed again the same; a damaged file is
refused with nothing saved."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.backup import club_export, club_export_bytes, club_import
from clubs.models import Club, Player
from clubs.selectors import player_page, season_ladder
from clubs.services import ClubError, club_create, player_merge, preset_save, season_save
from clubs.statistics_refresh import lines_catch_up
from scorekeeper.models import Game
from tests.integration.test_clubs import (
    WON_BY_NS,
    _login,
    _new_game_form,
    _on_commit,  # noqa: F401 (the fixture that runs each hand's commit callbacks)
    _one_round_event,
    _play,
    user,
)
from tests.properties import scaled
from tournaments.club_formats import CLUB_FORMATS
from tournaments.models import StandingsSnapshot

pytestmark = pytest.mark.django_db

PAIRS = [("Anna", "Ben"), ("Carla", "Dario"), ("Elena", "Fabio"), ("Gina", "Hugo")]


def a_club_with_history(client):
    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    tuesday = _one_round_event(
        club, dora, "Tuesday", PAIRS, {(1, 3): (3000, 1500), (2, 4): (2000, 1900)}
    )
    friday = _one_round_event(
        club, dora, "Friday", PAIRS, {(1, 3): (1000, 1800), (2, 4): (1500, 1800)}
    )
    season_save(
        club_id=club.id,
        name="Autumn",
        method="placing",
        best=1,
        event_ids=[tuesday.id, friday.id],
    )
    preset_save(
        club_id=club.id,
        name="House",
        variant="classic",
        players=4,
        sides=2,
        rules={"target": 10000},
    )
    _login(client, "dora").post(f"/c/{club.id}/games/new/", _new_game_form(players_2="Zoe, Walter"))
    game = Game.objects.filter(sides__seated__player__name="Zoe").get()
    _play(game, WON_BY_NS)
    _play(game, [{"hand": {"points": 50}}, {"melds": [{"rank": "5", "naturals": 3}]}])
    Player.objects.create(club=club, name="Anita")
    player_merge(
        club_id=club.id,
        keep_id=Player.objects.get(club=club, name="Anna").id,
        duplicate_id=Player.objects.get(club=club, name="Anita").id,
    )
    return club


def _figures(club):
    lines_catch_up(club_id=club.id)
    out = {}
    for player in club.players.all():
        page = player_page(player)
        out[player.name] = (page.stats, page.events_played, page.events_won)
    return out


def _standings(club):
    out = {}
    for event in club.tournaments.all():
        final = StandingsSnapshot.objects.filter(tournament=event).order_by("-version").first()
        names = dict(event.entries.values_list("id", "name"))
        out[event.name] = sorted(
            (names[r["entry"]], r["rank"], r["metrics"]["tp"]) for r in final.rows
        )
    return out


def test_a_club_goes_out_and_comes_back_the_same(client):
    club = a_club_with_history(client)
    data = club_export_bytes(club)
    imported = club_import(data=data, director=user("paolo"), name="Lucca again")
    assert imported.memberships.get().user.username == "paolo"
    assert sorted(imported.players.values_list("name", "aliases")) == sorted(
        club.players.values_list("name", "aliases")
    )
    assert _standings(imported) == _standings(club)
    assert _figures(imported) == _figures(club)
    ladder = season_ladder(imported.seasons.get())
    original = season_ladder(club.seasons.get())
    assert [(r.rank, n, r.total) for r, n, _ in ladder.rows] == [
        (r.rank, n, r.total) for r, n, _ in original.rows
    ]
    assert list(imported.presets.values_list("name", "rules")) == [("House", {"target": 10000})]
    # The copies are new games with their own keys: nothing of the old server opens them.
    old = {g["id"] for g in club_export(club)["games"]}
    new = {g["id"] for g in club_export(imported)["games"]}
    assert len(new) == len(old) == 5 and not (old & new)
    copied = Game.objects.filter(id__in=new, sides__seated__player__name="Zoe").get()
    assert (
        copied.totals
        == Game.objects.filter(id__in=old, sides__seated__player__name="Zoe").get().totals
    )
    assert copied.revisions.count() == 2
    # Every page of the copy answers, to its director.
    client.force_login(imported.memberships.get().user)
    pages = [f"/c/{imported.id}/", f"/c/{imported.id}/leaders/", f"/c/{imported.id}/presets/"]
    pages += [f"/c/{imported.id}/players/{p.id}/" for p in imported.players.all()]
    pages += [f"/c/{imported.id}/seasons/{s.id}/" for s in imported.seasons.all()]
    for event in imported.tournaments.all():
        pages += [f"/t/{event.id}/director/", f"/t/{event.id}/", f"/t/{event.id}/standings/"]
    assert {url: client.get(url).status_code for url in pages} == dict.fromkeys(pages, 200)


def test_the_backup_reads_its_games_and_events_in_a_fixed_number_of_queries(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club = a_club_with_history(client)

    def queries():
        with CaptureQueriesContext(connection) as read:
            data = club_export(club)
        return len(read), len(data["games"]), len(data["events"])

    before = queries()
    scores = {(1, 3): (900, 800), (2, 4): (1000, 1200)}
    _one_round_event(club, club.memberships.get().user, "Sunday", PAIRS, scores)
    after = queries()
    assert after[1:] == (before[1] + 2, before[2] + 1)  # two more tables, one more event,
    assert after[0] == before[0]  # read in the same queries


def test_the_import_writes_its_games_in_queries_that_do_not_grow_with_them(client):
    """A backup of thousands of games is written a chunk at a time in a fixed number of
    statements: no query a game (the games' news goes to the other apps once for them all)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    data = club_export(a_club_with_history(client))
    in_events = json.dumps(data["events"])
    own = next(g for g in data["games"] if json.dumps(g["id"]) not in in_events)

    def imported_with(copies: int, name: str) -> int:
        games = data["games"] + [{**own, "id": f"copy-{n}"} for n in range(copies)]
        file = json.dumps({**data, "games": games}).encode()
        with CaptureQueriesContext(connection) as written:
            club = club_import(data=file, director=user(f"director-{name}"), name=name)
        assert Game.objects.filter(sides__seated__player__club=club).distinct().count() == len(
            games
        )
        return len(written)

    assert imported_with(2, "Two more") == imported_with(20, "Twenty more")


def test_a_damaged_or_foreign_file_is_refused_with_nothing_saved(client):
    club = a_club_with_history(client)
    paolo = user("paolo")
    good = club_export(club)
    bad_hand = json.loads(json.dumps(good))
    game = next(g for g in bad_hand["games"] if g["hands"])
    game["hands"][0]["record"]["sides"][0]["red_threes"] = 9  # more red threes than the packs hold
    damaged = json.loads(json.dumps(good))
    damaged["events"][0]["status"] = "exploded"
    cases = [
        (b"not json", "not JSON"),
        (json.dumps({"format": "something else"}).encode(), "not a club's backup"),
        (json.dumps({**good, "version": 99}).encode(), "version"),
        (json.dumps(bad_hand).encode(), "a hand the rules refuse"),
        (json.dumps(damaged).encode(), "damaged"),
        (json.dumps(good).encode(), "already called Lucca"),
    ]
    clubs_before, games_before = Club.objects.count(), Game.objects.count()
    for data, says in cases:
        with pytest.raises(ClubError, match=says):
            club_import(data=data, director=paolo, name="" if "already" in says else "Pisa")
    assert (Club.objects.count(), Game.objects.count()) == (clubs_before, games_before)


def test_a_backup_that_lists_a_record_twice_is_refused_whole_naming_the_list(client):
    """A player listed twice under one id was imported as its second record: Anna's games then
    counted for "Other name". Every list whose records the file names elsewhere (by id, round
    number, version or name) holds each once, checked before anything is made."""
    import re

    from clubs.models import ClubImport
    from tournaments.models import Tournament

    club = a_club_with_history(client)
    good = club_export(club)
    anna = next(p for p in good["players"] if p["name"] == "Anna")
    event = good["events"][0]
    table = next(m for m in event["drawn"][0]["matches"] if m["submissions"])
    where = f"event {event['id']} round 1 table {table['table']}"
    season = good["seasons"][0]

    def first(*path):
        def copy(data):
            rows = data
            for key in path:
                rows = rows[key]
            rows.append(json.loads(json.dumps(rows[0])))
            return rows[-1]

        return copy

    cases = [
        (
            lambda d: first("players")(d).update(id=anna["id"], name="Other name"),
            "players",
            f"id {anna['id']}",
        ),
        (first("games"), "games", f"id {good['games'][0]['id']}"),
        (lambda d: first("events")(d).update(name="Another"), "events", f"id {event['id']}"),
        (
            lambda d: first("events", 0, "entries")(d).update(
                name="Others", first_player=None, second_player=None
            ),
            f"entries of event {event['id']}",
            f"id {event['entries'][0]['id']}",
        ),
        (first("events", 0, "drawn"), f"rounds of event {event['id']}", "number 1"),
        (
            lambda d: d["events"][0]["drawn"][0]["matches"][
                event["drawn"][0]["matches"].index(table)
            ]["submissions"].append(table["submissions"][0]),
            f"results of {where}",
            "version 1",
        ),
        (lambda d: first("presets")(d).update(name="HOUSE", rules={}), "presets", "name HOUSE"),
        (lambda d: first("seasons")(d).update(name="autumn"), "seasons", "name autumn"),
        (
            lambda d: d["seasons"][0]["events"].append(season["events"][0]),
            "events of season Autumn",
            f"id {season['events'][0]}",
        ),
    ]
    paolo = user("paolo")
    models = (Club, Player, Game, Tournament, ClubImport)
    before = [m.objects.count() for m in models]
    for change, named, value in cases:
        data = json.loads(json.dumps(good))
        change(data)
        says = f"The backup is damaged: the list “{named}” holds {value} twice."
        with pytest.raises(ClubError, match=re.escape(says)):
            club_import(data=json.dumps(data).encode(), director=paolo, name="Pisa")
        assert [m.objects.count() for m in models] == before, named


def test_only_a_director_takes_the_backup_and_anyone_signed_in_imports_one(
    client, monkeypatch, django_capture_on_commit_callbacks
):
    from clubs import backup

    monkeypatch.setattr(backup, "_send", lambda job_id: backup.club_import_run(job_id=job_id))
    club = a_club_with_history(client)
    user("mia")
    from clubs.services import membership_set

    membership_set(club_id=club.id, username="mia", role="member")
    assert _login(client, "mia").get(f"/c/{club.id}/backup.json").status_code == 404
    answer = _login(client, "dora").get(f"/c/{club.id}/backup.json")
    assert answer.status_code == 200 and "no-store" in answer["Cache-Control"]
    assert "lucca-" in answer["Content-Disposition"]
    upload = SimpleUploadedFile("lucca.json", answer.content, content_type="application/json")
    _login(client, "mia")
    refused = client.post("/c/import/", {"file": upload})  # refused at once: the name
    assert refused.status_code == 400 and "already called Lucca" in refused.content.decode()
    upload.seek(0)
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post("/c/import/", {"file": upload, "name": "Lucca (copy)"})
    assert started.status_code == 302 and "/c/import/" in started["Location"]
    opened = client.get(started["Location"])  # done: the page opens the club
    copy = Club.objects.get(name="Lucca (copy)")
    assert opened.status_code == 302 and opened["Location"] == f"/c/{copy.id}/"
    assert copy.memberships.get().user.username == "mia"
    assert user("paolo") and _login(client, "paolo").get(started["Location"]).status_code == 404


def test_an_import_that_fails_midway_or_stops_leaves_nothing(client, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from clubs import backup
    from clubs.models import ClubImport, ClubImportFile

    club = a_club_with_history(client)
    data = club_export(club)
    data["events"][1]["variant"] = "nope"  # met after the games and the first event are made
    clubs, games = Club.objects.count(), Game.objects.count()
    paolo = user("paolo")
    with pytest.raises(ClubError, match="damaged"):
        club_import(data=json.dumps(data).encode(), director=paolo, name="Pisa")
    assert (Club.objects.count(), Game.objects.count()) == (clubs, games)
    job = ClubImport.objects.get()
    assert job.status == "failed" and job.club is None
    assert not ClubImportFile.objects.filter(job=job).exists()  # the file is dropped
    page = _login(client, "paolo").get(f"/c/import/{job.id}/").content.decode()
    assert 'data-testid="import-refused"' in page and "damaged" in page
    # A run whose process ended: its page undoes what it made and says so.
    monkeypatch.setattr(backup, "_send", lambda _job_id: None)  # sent, never run
    lost = backup.club_import_start(data=club_export_bytes(club), director=paolo, name="Lost")
    half = Club.objects.create(name="Lost")
    ClubImport.objects.filter(id=lost.id).update(status="running", club=half)
    ClubImport.objects.filter(id=lost.id).update(updated_at=timezone.now() - timedelta(minutes=5))
    checked = backup.club_import_check(job_id=lost.id, user=paolo)
    assert checked.status == "failed" and "import the file again" in checked.error
    assert not Club.objects.filter(name="Lost").exists()
    # One no worker has taken (the broker up, the workers down) is run by its page, in a thread
    # of the web process, once however many look; not failed. A worker that takes it later
    # finds it taken. (Against a real broker with no worker: test_faults.py.)
    run_here = []
    monkeypatch.setattr(
        backup.background, "run_in_thread", lambda _task, *args: run_here.extend(args)
    )
    waiting = backup.club_import_start(data=club_export_bytes(club), director=paolo, name="Late")
    assert backup.club_import_check(job_id=waiting.id, user=paolo).status == "waiting"
    assert run_here == []  # a worker may take it yet
    ClubImport.objects.filter(id=waiting.id).update(
        updated_at=timezone.now() - backup.background.WORKER_GRACE - timedelta(seconds=1)
    )
    checked = backup.club_import_check(job_id=waiting.id, user=paolo)
    assert checked.status == "waiting" and run_here == [waiting.id]
    assert backup.club_import_check(job_id=waiting.id, user=paolo).status == "waiting"
    assert run_here == [waiting.id]  # once, not at every look
    backup.club_import_run(job_id=waiting.id)
    assert ClubImport.objects.get(id=waiting.id).status == "done"
    backup.club_import_run(job_id=waiting.id)  # the worker, late: nothing more
    assert Club.objects.filter(name="Late").count() == 1


def test_a_backup_edited_by_hand_anywhere_is_imported_or_refused_never_a_fault(client):
    """Each value of the file replaced by one of the wrong shape, in turn (a sample): the
    import answers with the club or a ClubError, and never half-saves."""
    import random

    club = a_club_with_history(client)
    good = club_export(club)
    paolo = user("paolo")

    def leaves(value, path=()):
        if isinstance(value, dict):
            for key, item in value.items():
                yield from leaves(item, (*path, key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                yield from leaves(item, (*path, i))
        if path:
            yield path

    paths = list(leaves(good))
    pick = random.Random(20)
    clubs = Club.objects.count()
    for n in range(scaled(60)):  # the profile's share of sixty (tests/properties.py)
        data = json.loads(json.dumps(good))
        path = pick.choice(paths)
        holder = data
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = pick.choice([None, "x", -1, 10**12, [], {}, True, 0.5, [[0, 999]]])
        try:
            club_import(data=json.dumps(data).encode(), director=paolo, name=f"Copy {n}")
        except ClubError:
            assert Club.objects.count() == clubs
        else:
            clubs += 1


def test_the_attackers_files_are_refused_and_nothing_breaks_a_page_later(client):
    """What the session's attacker sent: deep nesting, numbers past the database's, sides out of
    place, a history of the wrong shape, an alias with a lone surrogate, an unknown preset or
    format: each refused as a whole, with a message."""
    club = a_club_with_history(client)
    paolo = user("paolo")
    good = club_export(club)

    def changed(change):
        data = json.loads(json.dumps(good))
        change(data)
        return json.dumps(data).encode()

    game = next(i for i, g in enumerate(good["games"]) if g["history"])
    cases = [
        b"[" * 100000 + b"]" * 100000,
        changed(lambda d: d["seasons"][0].update(best=2**63)),
        changed(lambda d: d["games"][game]["history"][0].update(number=10**30)),
        changed(lambda d: d["games"][game]["history"][0].update(result="x")),
        changed(lambda d: d["games"][game]["sides"][1].update(position=7)),
        changed(lambda d: d["players"][0].update(aliases=["\ud800"])),
        changed(lambda d: d["events"][0].update(variant="nope")),
        changed(lambda d: d["events"][0].update(round_formats=["nonsense"])),
        changed(lambda d: d["club"].update(name=["a"])),
        # A history the pages and Undo could not read (each was a 500 on the history page or
        # on Undo once imported), a side named with a control character, two games of one id.
        changed(lambda d: d["games"][game]["history"][0].update(action="bogus")),
        changed(lambda d: d["games"][game]["history"][0].update(record={})),
        changed(lambda d: d["games"][game]["history"][0]["record"].update(sides="abc")),
        changed(lambda d: d["games"][game]["history"][0]["record"].update(sides=[1, 2])),
        changed(
            lambda d: d["games"][game]["history"][0]["result"]["sides"][0].update(adjustment="x")
        ),
        changed(
            lambda d: d["games"][game]["history"][0]["result"]["sides"][0].update(
                adjustment={"points": "abc", "reason": "r"}
            )
        ),
        changed(lambda d: d["games"][game]["sides"][0].update(name="Us\u202e\n\x00")),
        changed(lambda d: d["games"].append(dict(d["games"][game]))),
        # Two games of one id far apart (past a chunk of 100), a player seated twice in a game,
        # two players in one seat, a seat that is not [seat, player], or a side fuller than the
        # table, a pair of one player, a player in two pairs still playing, an author with a
        # direction override.
        changed(
            lambda d: (
                d["games"].extend([{**d["games"][game], "id": f"g{i}"} for i in range(110)])
                or d["games"].append(dict(d["games"][game]))
            )
        ),
        changed(
            lambda d: d["games"][game]["sides"][0]["seated"][1].__setitem__(
                0, d["games"][game]["sides"][0]["seated"][0][0]
            )
        ),
        changed(lambda d: d["games"][game]["sides"][0]["seated"].__setitem__(0, "x")),
        changed(lambda d: d["games"][game]["sides"][0]["seated"][0].__setitem__(0, -1)),
        changed(
            lambda d: d["games"][game]["sides"][1]["seated"].append(
                [5, d["games"][game]["sides"][0]["seated"][0][1]]
            )
        ),
        changed(
            lambda d: d["games"][game]["sides"][0]["seated"].append([2, d["players"][-1]["id"]])
        ),
        changed(
            lambda d: d["events"][0]["entries"][0].update(
                second_player=d["events"][0]["entries"][0]["first_player"]
            )
        ),
        changed(
            lambda d: d["events"][0]["entries"][1].update(
                first_player=d["events"][0]["entries"][0]["first_player"]
            )
        ),
        changed(lambda d: d["games"][game]["history"][0].update(author="eve\u202e")),
    ]
    clubs, games = Club.objects.count(), Game.objects.count()
    for n, data in enumerate(cases):
        with pytest.raises(ClubError):
            club_import(data=data, director=paolo, name=f"Copy {n}")
    assert (Club.objects.count(), Game.objects.count()) == (clubs, games)  # nothing left over
    bad_hand = changed(
        lambda d: d["games"][game]["hands"][0]["record"]["sides"][0].update(red_threes=9)
    )
    with pytest.raises(ClubError, match=r"refuse: 9 red threes: more red threes than 2 packs"):
        club_import(data=bad_hand, director=paolo, name="Copy")


def test_a_season_form_given_an_impossible_event_id_says_so(client):
    club = a_club_with_history(client)
    for impossible in ("9223372036854775808", "²", "9" * 4301):
        answer = client.post(
            f"/c/{club.id}/seasons/",
            {"name": "Big", "method": "placing", "best": 0, "events": impossible},
        )
        assert answer.status_code == 400, impossible[:20]


def test_an_individual_event_comes_back_with_its_partners_and_each_players_lines(client):
    """Nine players, two rounds: a side is two of them, one sits out each round."""
    from tournaments.models import Match, ResultSubmission
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_close, round_pair, round_release
    from tournaments.services.tournament import tournament_create

    dora = user("dora")
    club = club_create(name="Solo", director=dora)
    event = tournament_create(
        name="Individual", format="individual", rounds=2, club=club, director=dora
    )
    names = ["Ada", "Bea", "Cal", "Dan", "Eli", "Flo", "Gil", "Hen", "Ivo"]
    entries_add(tournament_id=event.id, entries=[{"name": n} for n in names])
    for _number in (1, 2):
        drawn = round_pair(tournament_id=event.id)
        round_release(round_id=drawn.id)
        for match in drawn.matches.exclude(game=None):
            for by in (ResultSubmission.By.NS, ResultSubmission.By.EW):
                result_submit(match_id=match.id, by=by, ns_score=1200, ew_score=800)
        round_close(round_id=drawn.id)
    imported = club_import(data=club_export_bytes(club), director=user("paolo"), name="Solo 2")
    assert _standings(imported) == _standings(club)

    def sides(of):
        seats = Match.objects.filter(round__tournament__club=of, ew__isnull=False)
        return sorted(
            (m.round.number, m.ns_side, m.ew_side)
            for m in seats.select_related("round", "ns", "ew", "ns_with", "ew_with")
        )

    assert sides(imported) == sides(club) and " & " in sides(club)[0][1]
    assert _figures(imported) == _figures(club)
    played = {name: figures[1] for name, figures in _figures(imported).items()}
    assert played == dict.fromkeys(names, 1)  # each player's event, though partners changed
    # A file edited to seat a player twice, leave a side a partner short, mix an individual
    # plan with a pair format, or name two players alike or with a control character: refused.
    good = club_export(club)

    def edited(change) -> bytes:
        copy = json.loads(json.dumps(good))
        change(copy["events"][0])
        return json.dumps(copy).encode()

    def table(event):
        return next(m for r in event["drawn"] for m in r["matches"] if m["ew"] is not None)

    def rename(event, name):
        event["entries"][1]["name"] = name

    cases = [
        lambda e: table(e).update(ns_with=table(e)["ns"]),
        lambda e: table(e).update(ns_with=table(e)["ew"]),
        lambda e: table(e).update(ew_with=None),
        lambda e: e.update(round_formats=["individual", "swiss"], rounds=2),
        lambda e: rename(e, "Ada\u202e"),
        lambda e: rename(e, "ADA"),
        lambda e: rename(e, "Ada\u00ad"),
    ]
    before, paolo = Club.objects.count(), imported.memberships.get().user
    for case in cases:
        with pytest.raises(ClubError, match="damaged"):
            club_import(data=edited(case), director=paolo, name="Solo 3")
    assert Club.objects.count() == before


@pytest.mark.django_db(transaction=True)
def test_an_event_tables_lines_come_back_as_its_result_says_with_real_commits():
    """Committed as a server commits (each callback at its commit): the copy's event table,
    whose lines are first built from its hands before its result is imported, ends won and
    finished as the original's."""
    from clubs.models import PlayerGameLine
    from scorekeeper.services import Author, hand_add
    from tests.integration.test_clubs import FOUR_PAIRS, evening
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_pair, round_release

    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    tournament = evening(club, dora, FOUR_PAIRS)
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    match = drawn.matches.exclude(game=None).first()
    hand_add(game_id=match.game_id, sides=WON_BY_NS, author=Author("t"))  # 1 hand of 2
    for by in ("ns", "ew"):  # the table stops there: 830 to -60
        result_submit(match_id=match.id, by=by, ns_score=830, ew_score=-60)

    def outcome(of):
        lines = PlayerGameLine.objects.filter(club=of, hands__gt=0)
        return sorted((line.player.name, line.won, line.finished) for line in lines)

    before = outcome(club)
    assert [won for _name, won, _f in before].count(True) == 2  # North-South's two players
    copy = club_import(data=club_export_bytes(club), director=user("paolo"), name="Copy")
    assert lines_catch_up(club_id=copy.id) is True
    assert outcome(copy) == before


@pytest.mark.django_db(transaction=True)
def test_an_imported_clubs_statistics_are_built_once_it_is_open(monkeypatch):
    """Committed as a server commits: the games' lines are marked due with each chunk and built
    once the import is done (its club open), every one of them, the same as the original's."""
    from clubs import tasks
    from clubs.models import ClubImport, LinesDue, PlayerGameLine
    from scorekeeper.services import Author, game_create, hand_add

    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    ada, bea = (Player.objects.create(club=club, name=name) for name in ("Ada", "Bea"))
    for n in range(3):
        game, _token = game_create(
            variant="classic", players=4, sides=[{"name": "Ada"}, {"name": "Bea"}], owner=dora
        )
        game.sides.get(position=0).seated.create(player=ada, seat=0)
        game.sides.get(position=1).seated.create(player=bea, seat=0)
        for _ in range(n + 1):
            hand_add(game_id=game.id, sides=WON_BY_NS, author=Author("t"))
    lines_catch_up(club_id=club.id)

    def lines(of):
        rows = PlayerGameLine.objects.filter(club=of).order_by("player__name", "hands")
        return [(line.player.name, line.hands, line.points, line.won) for line in rows]

    built_when: list[str] = []
    refresh = tasks.games_lines_refresh

    def noted(*args, **kwargs):
        built_when.append(ClubImport.objects.get().status)
        return refresh(*args, **kwargs)

    monkeypatch.setattr(tasks, "games_lines_refresh", noted)
    copy = club_import(data=club_export_bytes(club), director=user("paolo"), name="Copy")
    assert built_when == ["done"]  # one refresh for the three games, the club open before it
    assert not LinesDue.objects.filter(club=copy).exists()
    assert len(lines(club)) == 6 and lines(copy) == lines(club)


def test_a_run_the_page_has_given_up_on_stops_and_leaves_nothing(client, monkeypatch):
    from clubs import backup
    from clubs.models import ClubImport
    from tournaments import backup as events_backup

    club = a_club_with_history(client)
    paolo = user("paolo")
    monkeypatch.setattr(backup, "_send", lambda _job_id: None)
    job = backup.club_import_start(data=club_export_bytes(club), director=paolo, name="Late")
    event_import = events_backup._event_import

    def page_gave_up_meanwhile(*args):  # the page found it silent too long and failed it
        ClubImport.objects.filter(id=job.id).update(status="failed", error="stopped")
        return event_import(*args)

    monkeypatch.setattr(events_backup, "_event_import", page_gave_up_meanwhile)
    clubs = Club.objects.count()
    backup.club_import_run(job_id=job.id)
    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "stopped")  # not "done" over the page's word
    assert Club.objects.count() == clubs  # and nothing of it is left


def test_an_event_the_app_could_not_have_played_is_refused_whole_naming_where(client):
    """An event edited by hand into a state no page can make: a pair at two tables (or at a
    table and its bye), two tables of one number, a winner who did not play there, a table
    settled with no result, a result in force that is none of its table's, a round in another
    format than the plan's, a finished event with a round still played; and what the app
    refuses on entry (an event's name, a day after today, a season ending before it starts, a
    reason on two lines). Each refused as a whole, naming the event, round and table."""
    import re
    from datetime import timedelta

    from django.utils import timezone

    from clubs.models import ClubImport
    from tournaments.models import Tournament

    club = a_club_with_history(client)
    good = club_export(club)
    event = good["events"][0]
    first, second = event["drawn"][0]["matches"]
    at = f"event {event['id']} round 1"
    table = f"{at} table {first['table']}"
    names = {e["id"]: e["name"] for e in event["entries"]}
    game = good["games"][0]
    later = (timezone.localdate() + timedelta(days=3)).isoformat()  # begun nowhere yet

    def tables(d):
        return d["events"][0]["drawn"][0]["matches"]

    def submission(d):
        return tables(d)[0]["submissions"][0]

    bye = {
        **{key: None for key in ("ew", "ns_with", "ew_with", "game", "result")},
        "table": 0,
        "ns": first["ew"],
        "reasons": first["reasons"],
        "status": "confirmed",
        "submissions": [],
    }
    cases = [
        (
            lambda d: tables(d)[1].update(ns=first["ns"]),
            f"{at} seats {names[first['ns']]} at two tables",
        ),
        (lambda d: tables(d).append(bye), f"{at} seats {names[first['ew']]} at two tables"),
        (
            lambda d: tables(d)[1].update(table=first["table"]),
            f"{at} has two tables numbered {first['table']}",
        ),
        (
            lambda d: submission(d).update(winner=second["ns"]),
            f"{table}: The winner must be one of the two pairs.",
        ),
        (
            lambda d: submission(d).update(winner=10**6),
            f"the winner of {table} is not one of its pairs",
        ),
        (
            lambda d: tables(d)[0].update(result=None),
            f"{table} is settled and has no result in force",
        ),
        (
            lambda d: tables(d)[0].update(result=99),
            f"the result in force of {table} is not one of its results",
        ),
        (
            lambda d: tables(d)[0].update(status="disputed"),
            f"{table} has a result in force and is not settled",
        ),
        (
            lambda d: tables(d)[0].update(status="playing", result=None),
            f"{table} has no result, and its round is over",
        ),
        (
            lambda d: d["events"][0]["drawn"][0].update(format="danish"),
            f"{at} is played as “danish”, and the event's plan plays it as “swiss”",
        ),
        (
            lambda d: d["events"][0]["drawn"][0].update(format="chess"),
            f"{at} is played as “chess”, and the event's plan plays it as “swiss”",
        ),
        (
            lambda d: d["events"][0]["drawn"][0].update(status="playing"),
            f"event {event['id']} is finished, and its round 1 is still being played",
        ),
        (
            lambda d: d["events"][0].update(name="\u200b\u0301"),
            f"event {event['id']}: An event needs a name.",
        ),
        (
            lambda d: d["events"][0].update(name="Tues\nday"),
            f"event {event['id']}: An event: no tab, line break or control character.",
        ),
        (
            lambda d: d["events"][0].update(played_on=later),
            f"event {event['id']}: The day played is today or before",
        ),
        (
            lambda d: d["games"][0].update(played_on=later),
            f"game {game['id']}: The day played is today or before",
        ),
        (
            lambda d: d["seasons"][0].update(starts_on="2026-03-01", ends_on="2026-02-01"),
            "season Autumn: A season ends on its first day or after it.",
        ),
        (
            lambda d: submission(d).update(reason="sheet\tchecked"),
            f"{table}: Reason: no tab, line break or control character.",
        ),
        (lambda d: submission(d).update(author="eve\u202e"), f"{table}."),
    ]
    paolo = user("paolo")
    models = (Club, Player, Game, Tournament, ClubImport)
    before = [m.objects.count() for m in models]
    for change, says in cases:
        data = json.loads(json.dumps(good))
        change(data)
        with pytest.raises(ClubError, match=re.escape(f"The backup is damaged: {says}")):
            club_import(data=json.dumps(data).encode(), director=paolo, name="Pisa")
        assert [m.objects.count() for m in models[:4]] == before[:4], says
    # The file as written is taken, with its event's name, day and reasons.
    assert club_import(data=json.dumps(good).encode(), director=paolo, name="Pisa")


@pytest.mark.parametrize("preset", list(CLUB_FORMATS))
def test_every_club_format_played_with_a_bye_a_reopening_and_a_correction_comes_back(
    client, preset
):
    """What the import's checks of an event must take: each club format, nine entries (a bye
    each round), a table reopened and sent again, a result corrected by the director, a
    knockout fitted to its field; its standings the same once imported."""
    from django.urls import reverse

    from tournaments.club_formats import form_values
    from tournaments.models import Tournament
    from tournaments.services.entries import entries_add
    from tournaments.services.results import result_correct, result_reopen, result_submit
    from tournaments.services.rounds import round_close, round_pair, round_release

    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    values = {k: v for k, v in form_values(preset).items() if v not in ("", False)}
    answer = _login(client, "dora").post(
        reverse("tournament-new"),
        {"name": preset, "club": club.id, "club_format": preset, "variant": "classic"}
        | values
        | {"hands_per_round": 2, "seeded": "on", "tiebreak_1": "tp"},
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    event = Tournament.objects.get(club=club)
    entries_add(
        tournament_id=event.id, entries=[{"name": f"Pair {i}", "seed": i} for i in range(1, 10)]
    )
    played = 0
    while not event.rounds or played < event.rounds:
        drawn = round_pair(tournament_id=event.id)
        round_release(round_id=drawn.id)
        tables = list(drawn.matches.filter(ew__isnull=False).order_by("table"))
        for n, match in enumerate(tables):
            winner = match.ns_id if drawn.format == "knockout" else None
            for by in ("ns", "ew"):
                result_submit(
                    match_id=match.id, by=by, ns_score=900 + n, ew_score=400, winner_id=winner
                )
        if played == 0 and len(tables) > 1:
            result_reopen(match_id=tables[0].id, reason="hand 2 entered twice", author="dora")
            for by in ("ns", "ew"):
                result_submit(
                    match_id=tables[0].id,
                    by=by,
                    ns_score=300,
                    ew_score=700,
                    winner_id=tables[0].ew_id if drawn.format == "knockout" else None,
                )
            result_correct(
                match_id=tables[1].id,
                ns_score=500,
                ew_score=500,
                reason="score sheet checked",
                kind="adjusted",
                winner_id=tables[1].ns_id if drawn.format == "knockout" else None,
            )
        played += 1
        event.refresh_from_db()
    round_close(round_id=drawn.id)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    copy = club_import(data=club_export_bytes(club), director=user("paolo"), name="Copy")
    assert _standings(copy) == _standings(club)
