"""The tournament's pages, one module per audience: ``director`` (set up and run the event),
``table`` (each pair's private link), ``public`` (pairings, standings, a pair's rounds, the
projector), ``prints`` (a round's PDFs) and ``exports`` (CSV). Each binds a form, calls one
service or selector, and renders or redirects."""
