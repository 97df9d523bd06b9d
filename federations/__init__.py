"""Federations (issue 33): clubs grouped under a federation, its members across clubs, the
events its clubs report, and its ranking. So far: federations, officers and the clubs'
affiliations (models, services, selectors), and the pure ranking engine (federations/engine/)."""
