/* The scoreboard follows the game: every few seconds (while the page is in view) it asks the
   game's version, a request the server answers 304 while nothing changed; a new version (a hand
   from another phone, a correction) brings the new board in place, without a reload. It lists
   the hands kept on this phone (queue.mjs) with what they wait for, counts them in the totals,
   and says when the phone has no connection. */
import * as queueModule from "./queue.mjs";
import { plain } from "./numbers.mjs";

const live = document.getElementById("live");
if (live) { follow(live); }

function follow(live) {
  const L = JSON.parse(document.getElementById("board-labels").textContent);
  const EVERY = 5000;
  const game = live.getAttribute("data-game");
  let version = live.getAttribute("data-version");
  const queue = queueModule;

  function showQueue() {
    const section = document.getElementById("queued");
    if (!queue || !section) { return; }
    queue.list(game).then(function (items) { queue.show(section, items); showKept(items); }, function () {});
  }

  // Where the table stands with the hands kept on this phone: each side's total counts them
  // (as the phone's engine scored them), marked as not yet sent beside what the server has, with
  // the opening it needs next; the next hand's number and dealer come after them. Hands kept
  // before the engine was ready are scored by it here (it starts at once then); until it has,
  // the totals say they do not count them yet.
  function showKept(items) {
    let from = document.getElementById("kept-from");
    const enter = document.querySelector('[data-testid="enter-hand"]');
    document.querySelectorAll("[data-kept-total]").forEach(function (node) { node.remove(); });
    document.querySelectorAll("[data-server-html]").forEach(function (node) {
      node.innerHTML = node.getAttribute("data-server-html");
      node.removeAttribute("data-server-html");
    });
    document.querySelectorAll("[data-server-hidden]").forEach(function (node) {
      node.hidden = false;
      node.removeAttribute("data-server-hidden");
    });
    document.querySelectorAll(".unsent").forEach(function (node) { node.classList.remove("unsent"); });
    if (!from || !enter) { return; }  // no hand to enter here
    const page = JSON.parse(from.textContent);
    from = standing(page);
    const kept = items.filter(function (i) { return i.number >= from.number && i.state !== "refused"; });
    const last = kept[kept.length - 1];
    if (!last) { return; }
    const engine = window.canastaEngine && window.canastaEngine.page ? window.canastaEngine.page : null;
    if (kept.some(function (i) { return !i.totals; }) && engine) { queue.scoreKept(engine(), from, items); }
    const counted = kept.every(function (i) { return i.totals; });
    from.before.forEach(function (saved, i) {
      const total = document.querySelector('[data-testid="total-' + i + '"]');
      if (!total) { return; }
      const note = document.createElement("div");
      note.className = "kept-total";
      note.setAttribute("data-kept-total", "");
      note.setAttribute("data-testid", "kept-total-" + i);
      note.textContent = counted ? L.withKept.replace("%(saved)s", plain(saved)) : L.notCounted;
      total.parentNode.insertBefore(note, total.nextSibling);
      const needs = document.querySelector('[data-testid="needs-' + i + '"]');
      if (counted) {
        change(total, document.createTextNode(plain(last.totals[i].score_after)));
        total.classList.add("unsent");
        if (needs) {
          const m = last.totals[i].opening_minimum;
          change(needs, document.createTextNode(m === "canasta" ? L.needsCanasta : L.needs.replace("%(n)s", m)));
        }
      } else if (needs) {
        hide(needs);  // not known until the engine has scored the hands kept
      }
    });
    const over = counted && last.over && last.over.finished;
    if (over) {
      hide(enter);
      const winner = document.createElement("p");
      winner.className = "kept-total";
      winner.setAttribute("data-kept-total", "");
      winner.setAttribute("data-testid", "kept-over");
      winner.textContent = last.over.winner === null ? L.draw : from.wins[last.over.winner];
      enter.parentNode.insertBefore(winner, enter);
      return;
    }
    const n = last.number + 1;
    const of = parseInt(enter.getAttribute("data-of-hands"), 10);
    change(enter, document.createTextNode(of && n <= of
      ? L.enterHandOf.replace("%(n)s", n).replace("%(total)s", of) : L.enterHand.replace("%(n)s", n)));
    const dealer = document.querySelector('[data-testid="dealer"]');
    let dealers = document.getElementById("dealers");
    if (dealer && dealers) {
      dealers = JSON.parse(dealers.textContent);
      change(dealer, dealerLine(n, dealers[(n - page.number) % dealers.length]));  // from this page's hand
    }
  }

  // Where the hands kept on this phone go on from: where this board's game stands (kept for
  // the phone's other pages, queue.seen), or further on where the phone has seen it since (this
  // board the service worker's older copy, shown offline).
  function standing(page) {
    const known = queue.seen(game, page);
    if (!known || known.version <= page.version || known.before.length !== page.before.length) { return page; }
    return Object.assign({}, page, {number: known.number, before: known.before});
  }

  // A node shows what the phone knows; what the server said comes back with the next showKept.
  function change(node, content) {
    if (!node.hasAttribute("data-server-html")) { node.setAttribute("data-server-html", node.innerHTML); }
    node.textContent = "";
    node.appendChild(content);
  }

  function hide(node) {
    if (node.hidden) { return; }
    node.hidden = true;
    node.setAttribute("data-server-hidden", "");
  }

  // "Hand 4: <strong>Anna</strong> deals", the name set as text (the words come from the
  // server's catalogue, the name from a player).
  function dealerLine(n, name) {
    const words = L.dealer.replace("%(n)s", n);
    const parts = words.split("<strong>%(name)s</strong>");
    if (parts.length !== 2) { return document.createTextNode(words.replace(/<\/?strong>/g, "").replace("%(name)s", name)); }
    const line = document.createDocumentFragment();
    const strong = document.createElement("strong");
    strong.textContent = name;
    line.appendChild(document.createTextNode(parts[0]));
    line.appendChild(strong);
    line.appendChild(document.createTextNode(parts[1]));
    return line;
  }

  function refresh() {
    return fetch(window.location.href, {credentials: "same-origin", cache: "no-store"})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
        if (!fresh) { return; }
        live.innerHTML = fresh.innerHTML;
        version = fresh.getAttribute("data-version");
        live.setAttribute("data-version", version);
        showQueue();
      })
      .catch(function () { showQueue(); /* no connection: the next poll brings it */ });
  }

  function poll() {
    if (document.hidden || !navigator.onLine) { return; }
    // The browser sends If-None-Match itself: an unchanged game is a 304, no body.
    fetch(live.getAttribute("data-version-url"), {credentials: "same-origin", cache: "no-cache"})
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (answer && String(answer.version) !== version) { return refresh(); }
      })
      .catch(function () { /* no connection: the next poll tries again */ });
  }

  function connection() {
    const note = document.getElementById("offline-note");
    note.hidden = navigator.onLine;
    note.textContent = navigator.onLine ? "" : L.offline;
    if (navigator.onLine) { poll(); }
  }

  let count = null;
  window.addEventListener("canasta-queue", function () {
    if (!queue) { return; }
    queue.list(game).then(function (items) {
      // A hand of this game went to the server: the board shows it from there.
      if (count !== null && items.length < count && navigator.onLine) { refresh(); } else { showQueue(); }
      count = items.length;
    }, function () { /* no IndexedDB: nothing is kept */ });
  });
  if (queue) { queue.list(game).then(function (items) { count = items.length; }, function () {}); }
  window.addEventListener("online", connection);
  window.addEventListener("offline", connection);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { poll(); } });
  connection();
  showQueue();
  setInterval(poll, EVERY);
}
