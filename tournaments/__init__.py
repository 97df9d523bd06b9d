"""The tournament app: pairs, tables, rounds, results and standings (issues to come)."""
