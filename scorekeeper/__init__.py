"""The scoring app: games, hands, their pages and the JSON API; ``rules`` is its pure engine.

Nothing is imported here: ``import scorekeeper.rules`` must load neither Django nor Celery, since
the engine also runs alone (the CLI, the benchmarks, the phone's browser).
"""
