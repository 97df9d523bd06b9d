"""Check-in and the players' guide in Debian's chromium (issue 31): a pair checks in from the door
poster's page and lands on its (public) guide, which then follows the evening by itself: its table as
soon as round 1 is out, its standing between rounds, its next table; the director withdraws the
one absent pair in one step before the draw; that pair, come late, checks in from its own link
and plays from round 2; the pair with the bye reads why. Screenshots at 390×844."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.phones import phone_page, picture
from tests.factories import account, club_event, confirm, round_released
from tournaments.guide_keys import guide_token, poster_token
from tournaments.models import Entry, Match, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shot(page: Page, name: str) -> None:
    picture(page, path=str(ARTIFACTS / f"guide-{name}.jpg"), quality=80, full_page=True)


def test_check_in_at_the_door_and_the_guide_through_two_rounds(browser, live_server) -> None:
    dora = account("dora")
    event = club_event("swiss", dora, count=12)
    Tournament.objects.filter(id=event.id).update(check_in=True)
    event.refresh_from_db()
    pairs = list(event.entries.order_by("name"))
    door_pair, late_pair = pairs[10], pairs[11]  # "Pair 11" at the door, "Pair 12" late
    Entry.objects.filter(id__in=[p.id for p in pairs[:10]]).update(checked_in_at=timezone.now())
    base = live_server.url

    # Pair 11 scans the door poster's code, finds its name and says it is here.
    guide = phone_page(browser)
    guide.goto(f"{base}{reverse('tournament-check-in', args=[event.id, poster_token(event)])}")
    guide.locator("#checkin-q").fill("Ann 11")
    guide.get_by_test_id("checkin-search").click()
    guide.get_by_test_id(f"door-check-in-{door_pair.id}").click()
    # Its public guide (anyone at the door may press the button: no private link on it).
    expect(guide.get_by_test_id("guide-name")).to_have_text("Pair 11")
    expect(guide.locator("body")).to_contain_text("you are checked in")
    shot(guide, "checked-in")

    # The director withdraws the one pair not here, in one step, before the draw.
    client = Client()
    client.force_login(dora)
    director = phone_page(browser)
    director.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    director.goto(f"{base}{reverse('director', args=[event.id])}")
    expect(director.get_by_test_id("checkin-count")).to_have_text("11 of 12 pairs here")
    director.get_by_test_id("absentees-ask").click()  # asked twice: it takes pairs out
    director.get_by_test_id("absentees-withdraw").click()
    late_pair.refresh_from_db()
    assert late_pair.withdrawn_after == 0

    # Round 1 is out: the guide shows its table without the player reloading.
    first = round_released(event)
    mine = next(m for m in first if door_pair.id in (m.ns_id, m.ew_id))
    expect(guide.get_by_test_id("guide-table")).to_have_text(str(mine.table))
    side = "North-South" if mine.ns_id == door_pair.id else "East-West"
    expect(guide.get_by_test_id("guide-direction")).to_have_text(side)
    other = mine.ew if mine.ns_id == door_pair.id else mine.ns
    expect(guide.get_by_test_id("guide-opponents")).to_contain_text(other.name)
    expect(guide.get_by_test_id("guide-table-link")).to_have_count(0)
    shot(guide, "round-1")

    # 11 pairs: one has the bye, and its guide says why.
    bye = Match.objects.get(round__tournament=event, round__number=1, ew__isnull=True)
    away = phone_page(browser)
    away.goto(f"{base}{reverse('pair-guide', args=[guide_token(bye.ns, event)])}")
    expect(away.get_by_test_id("guide-sits-out")).to_be_visible()
    expect(away.get_by_test_id("guide-why")).to_contain_text("bye")

    # Pair 12 arrives late, checks in from its own link: it plays from round 2.
    late = phone_page(browser)
    late.goto(f"{base}{reverse('pair-guide', args=[guide_token(late_pair, event)])}")
    late.get_by_test_id("we-are-here").click()
    expect(late.get_by_test_id("guide-here")).to_be_visible()
    shot(late, "late")

    # Round 1 played: the guide shows the standing between rounds, then the next table.
    for match in first:
        confirm(match)
    expect(guide.get_by_test_id("guide-rank")).to_be_visible()
    shot(guide, "between")
    second = round_released(event)
    mine = next(m for m in second if door_pair.id in (m.ns_id, m.ew_id))
    expect(guide.get_by_test_id("guide-round")).to_have_attribute("data-round", "2")
    expect(guide.get_by_test_id("guide-table")).to_have_text(str(mine.table))
    assert any(late_pair.id in (m.ns_id, m.ew_id) for m in second)  # the late pair plays
    expect(late.get_by_test_id("guide-round")).to_have_attribute("data-round", "2")
