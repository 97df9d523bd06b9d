/* The director's page: while a round is drawn by a worker, a progress line polls the tournament's
   state (a small JSON) until the draft is there or the draw is refused; while a round is played, the board reloads when a
   result or a dispute comes in; standings that lag the results reload the page once rebuilt. */
const box = document.getElementById("drawing");
if (box) { follow(box); }

function follow(box) {
  if (box.dataset.live) { live(); }
  if (document.querySelector('[data-testid="standings-stale"]')) { fresh(); }
  const expect = parseInt(box.dataset.expect, 10);
  function check() {
    fetch(box.dataset.stateUrl, {headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json(); })
      .then(function (state) {
        // The draft is there, or a worker refused the draw: the page shows either.
        if (state.rounds >= expect || state.refused) { location.replace(location.pathname); }
        else { box.hidden = false; setTimeout(check, 1000); }
      })
      .catch(function () { setTimeout(check, 3000); });
  }
  if (box.dataset.expect) { check(); }

  // Standings that lag the results: the page reloads once they are rebuilt (by a worker, or,
  // with none, by the poll itself after a few seconds: views.director._waited).
  function fresh() {
    setTimeout(function () {
      fetch(box.dataset.stateUrl, {headers: {"Accept": "application/json"}})
        .then(function (r) { return r.json(); })
        .then(function (s) { if (s.stale === false) { location.reload(); } else { fresh(); } })
        .catch(fresh);
    }, 3000);
  }

  // While a round is played the board is live: a new result or dispute reloads the page.
  function live() {
    setTimeout(function () {
      fetch(box.dataset.stateUrl, {headers: {"Accept": "application/json"}})
        .then(function (r) { return r.json(); })
        .then(function (s) {
          const now = s.rounds + ":" + s.status + ":" + s.settled + ":" + s.disputed;
          if (now !== box.dataset.live) { location.reload(); } else { live(); }
        })
        .catch(live);
    }, 5000);
  }
}
