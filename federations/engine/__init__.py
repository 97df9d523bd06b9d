"""A federation's pure engine: no Django, no database (as tournaments/engine/)."""
