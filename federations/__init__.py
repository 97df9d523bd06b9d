"""Federations (issue 33): clubs grouped under a federation, its members across clubs, the
events its clubs report, and its ranking. For now its pure engine (federations/engine/)."""
