"""A round's draft moves to a row of its own (tournaments 0021), and back when migrated back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migrating import migrate_to

BEFORE = [("tournaments", "0020_table_changes")]
AFTER = [("tournaments", "0021_round_draft_apart")]
DRAFT = [[1, 2, [["score", 3]]], [3, None, [["lowest"]]]]


@pytest.mark.django_db(transaction=True)
def test_each_kept_draft_moves_to_its_own_row_and_back() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back to the latest in the end (finally)
    old = executor.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    Tournament = old.get_model("tournaments", "Tournament")
    Round = old.get_model("tournaments", "Round")
    event = Tournament.objects.create(
        name="Tuesday", format="swiss", rounds=2, tiebreaks=["tp"], director=User.objects.create()
    )
    kept = Round.objects.create(tournament=event, number=1, format="swiss", drawn=DRAFT)
    before = Round.objects.create(tournament=event, number=2, format="swiss", drawn=[])
    try:
        migrate_to(executor, AFTER)
        new = executor.loader.project_state(AFTER).apps
        drafts = new.get_model("tournaments", "RoundDraft").objects
        assert list(drafts.values_list("round_id", "drawn")) == [(kept.id, DRAFT)]
        assert not drafts.filter(round_id=before.id).exists()  # drawn before drafts were kept
        migrate_to(executor, BEFORE)
        back = executor.loader.project_state(BEFORE).apps.get_model("tournaments", "Round")
        assert dict(back.objects.values_list("id", "drawn")) == {kept.id: DRAFT, before.id: []}
    finally:
        migrate_to(executor)
