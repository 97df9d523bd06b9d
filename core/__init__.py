"""The house's shared infrastructure, under every app: background work that never waits on a
broken queue, the cache beside Redis, error pages, rate limits and the client's address, pages no
device keeps, followed pages' versions, URL converters, figures as people read them (rounding half
up, the minus sign), links for phones and this machine's local addresses.

Nothing here knows a game, an event or a club (tests/unit/test_layering.py)."""
