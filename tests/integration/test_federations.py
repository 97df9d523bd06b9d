"""A federation and its clubs (issue 33): a club's director asks to join, an officer accepts or
refuses; nobody else may do either, and two federations see only their own clubs."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from clubs.services import club_create, membership_set
from federations.models import Affiliation
from federations.selectors import (
    club_federations,
    clubs_asking,
    federation_clubs,
    federations_run_by,
    is_officer,
)
from federations.services import (
    FederationError,
    affiliation_ask,
    affiliation_decide,
    federation_create,
)

pytestmark = pytest.mark.django_db


def account(name: str):
    return get_user_model().objects.create_user(name, password="x")


@pytest.fixture
def cast():
    """Two federations and their officers; two clubs and a club in none, with their directors
    and a member who directs nothing."""
    people = {n: account(n) for n in ("fiona", "otto", "dora", "dan", "nina", "mia")}
    people["fibur"] = federation_create(name="Burraco Italia", officer=people["fiona"])
    people["other"] = federation_create(name="Canasta Liga", officer=people["otto"])
    people["lucca"] = club_create(name="Lucca", director=people["dora"])
    people["pisa"] = club_create(name="Pisa", director=people["dan"])
    people["alone"] = club_create(name="Alone", director=people["nina"])
    membership_set(club_id=people["lucca"].id, username="mia", role="member")
    return people


def test_a_club_asks_and_an_officer_accepts(cast) -> None:
    fibur, lucca = cast["fibur"], cast["lucca"]
    asked = affiliation_ask(federation_id=fibur.id, club_id=lucca.id, by=cast["dora"])
    assert [a.club for a in clubs_asking(fibur.id)] == [lucca] and federation_clubs(fibur.id) == []
    accepted = affiliation_decide(affiliation_id=asked.id, accept=True, by=cast["fiona"])
    assert accepted.status == Affiliation.Status.ACCEPTED and accepted.decided_by == cast["fiona"]
    assert federation_clubs(fibur.id) == [lucca] and club_federations(lucca.id) == [fibur]
    assert clubs_asking(fibur.id) == []
    with pytest.raises(FederationError, match="already in this federation"):
        affiliation_ask(federation_id=fibur.id, club_id=lucca.id, by=cast["dora"])


def test_a_refused_club_may_ask_again_and_an_answer_is_given_once(cast) -> None:
    fibur, pisa = cast["fibur"], cast["pisa"]
    asked = affiliation_ask(federation_id=fibur.id, club_id=pisa.id, by=cast["dan"])
    affiliation_decide(affiliation_id=asked.id, accept=False, by=cast["fiona"])
    with pytest.raises(FederationError, match="answered already"):
        affiliation_decide(affiliation_id=asked.id, accept=True, by=cast["fiona"])
    again = affiliation_ask(federation_id=fibur.id, club_id=pisa.id, by=cast["dan"])
    assert again.id == asked.id and again.status == Affiliation.Status.ASKED
    assert again.decided_by is None and [a.id for a in clubs_asking(fibur.id)] == [asked.id]


def test_only_the_clubs_directors_ask_and_only_the_federations_officers_answer(cast) -> None:
    fibur, lucca = cast["fibur"], cast["lucca"]
    for stranger in (
        cast["mia"],
        cast["dan"],
        cast["fiona"],
    ):  # a member, another club's, an officer
        with pytest.raises(FederationError, match="Only a director of the club"):
            affiliation_ask(federation_id=fibur.id, club_id=lucca.id, by=stranger)
    asked = affiliation_ask(federation_id=fibur.id, club_id=lucca.id, by=cast["dora"])
    for stranger in (cast["otto"], cast["dora"], cast["mia"]):  # another federation's, the asker
        with pytest.raises(FederationError, match="Only an officer of the federation"):
            affiliation_decide(affiliation_id=asked.id, accept=True, by=stranger)
    assert Affiliation.objects.get(id=asked.id).status == Affiliation.Status.ASKED
    with pytest.raises(FederationError, match="no such federation"):
        affiliation_ask(federation_id=fibur.id + 100, club_id=lucca.id, by=cast["dora"])


def test_two_federations_and_a_club_in_none_see_only_their_own(cast) -> None:
    fibur, other = cast["fibur"], cast["other"]
    for federation, club, director, officer in (
        (fibur, cast["lucca"], "dora", "fiona"),
        (other, cast["pisa"], "dan", "otto"),
    ):
        asked = affiliation_ask(federation_id=federation.id, club_id=club.id, by=cast[director])
        affiliation_decide(affiliation_id=asked.id, accept=True, by=cast[officer])
    assert federation_clubs(fibur.id) == [cast["lucca"]]
    assert federation_clubs(other.id) == [cast["pisa"]]
    assert club_federations(cast["alone"].id) == []
    assert federations_run_by(cast["fiona"]) == [fibur] and not is_officer(fibur.id, cast["otto"])


def test_a_federations_name_is_checked_and_taken_once(cast) -> None:
    with pytest.raises(FederationError, match="already called"):
        federation_create(name="  burraco  ITALIA ", officer=cast["otto"])
    with pytest.raises(FederationError):
        federation_create(name="", officer=cast["otto"])
