"""The URL converters of every app's ids, registered once on import: a malformed or oversized
id (NUL, a megabyte of text, a number past the database's 64 bits) is a plain 404 and never
reaches the database."""

from django.urls import register_converter


class GameIdConverter:
    regex = "[0-9A-Za-z]{1,12}"  # models.new_game_id

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class RowIdConverter:
    """A row's id: up to 18 digits, within a 64-bit integer (Django's ``int`` takes any)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(GameIdConverter, "game")
register_converter(RowIdConverter, "id")
