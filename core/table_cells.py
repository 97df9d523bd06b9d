"""What every table of ranks shares (django-tables2's standings, ladders, leaders): a cell's
class and label, and a place as shown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def cell_attrs(name: str, label: Any = None) -> dict[str, Any]:
    """A cell's class (a phone lays a row out as a block: app.css) and the words shown before
    its value there."""
    td: dict[str, Any] = {"class": name}
    if label is not None:
        td["data-label"] = label
    return {"td": td, "th": {"class": name, "scope": "col"}}


def rank_text(rank: int, record: Mapping[str, Any]) -> str:
    """A place in a table of ranks: "=2" for a place shared with the row above or below (its
    ``shared``), as every standings, ladder and leaders' table shows it."""
    return f"={int(rank)}" if record.get("shared") else str(int(rank))
