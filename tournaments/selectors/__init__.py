"""Reads of the tournament app, one module per concern: ``event`` (the rows as the engine's
objects), ``standings`` (the latest snapshot and whether it is stale), ``results`` (what each
pair said at a table), ``lookups`` (what a URL names, 404 outside its tournament), ``director``
(the director's pages), ``public`` (the public pages and the projector) and ``csv_rows`` (the
director's exports). Each reads in a number of queries that does not grow with the event."""
