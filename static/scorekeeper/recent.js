/* Home page: the games this device created or opened with their edit link (localStorage). */
(function () {
  "use strict";
  var list;
  try { list = JSON.parse(localStorage.getItem("canasta.recent") || "[]"); } catch (e) { return; }
  if (!list.length) { return; }
  var box = document.getElementById("recent"), ul = document.getElementById("recent-list");
  list.forEach(function (game) {
    var li = document.createElement("li"), a = document.createElement("a");
    a.href = game.url; a.textContent = game.title;
    var when = document.createElement("span");
    when.className = "muted"; when.textContent = " " + new Date(game.at).toLocaleString();
    li.appendChild(a); li.appendChild(when); ul.appendChild(li);
  });
  box.hidden = false;
})();
