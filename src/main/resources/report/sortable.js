// No less-than sign and no ampersand in this file: the page stays well-formed XML (tests read it as XML).
(function () {
  "use strict";
  // Sort a table by a header click (or Enter): figures by value in their unit, text alphabetically.
  var UNIT = {"ns": 1e-9, "\u00b5s": 1e-6, "ms": 1e-3, "s": 1, "min": 60, "h": 3600, "B": 1, "KiB": 1024,
    "MiB": 1048576, "GiB": 1073741824, "TiB": 1099511627776, "%": 1};
  function key(cell) {
    var t = (cell.getAttribute("data-sort") || cell.textContent).replace(/\u00a0/g, " ").trim();
    var m = /^([-+]?[\d,]*\.?\d+(?:e[-+]?\d+)?)\s*(ns|\u00b5s|ms|s|min|h|B|KiB|MiB|GiB|TiB|%)?(?![\w\u00b5])/.exec(t);
    if (!m) { return {n: null, t: t.toLowerCase()}; }
    var v = parseFloat(m[1].replace(/,/g, ""));
    return {n: m[2] ? v * UNIT[m[2]] : v, t: t.toLowerCase()};
  }
  function compare(a, b) {
    if (a.n === null) { return b.n === null ? (a.t > b.t ? 1 : b.t > a.t ? -1 : 0) : 1; }
    if (b.n === null) { return -1; }
    return a.n - b.n;
  }
  Array.prototype.forEach.call(document.querySelectorAll("table.grid"), function (table) {
    var head = table.tHead;
    if (!head || head.rows.length !== 1 || table.tBodies.length !== 1) { return; }
    var body = table.tBodies[0];
    var heads = head.rows[0].cells;
    var rows = Array.prototype.slice.call(body.rows);
    if (3 > rows.length || rows.some(function (r) { return r.cells.length !== heads.length; })) { return; }
    rows.forEach(function (r, i) { r.setAttribute("data-order", i); });
    Array.prototype.forEach.call(heads, function (th, col) {
      if (!th.textContent.trim()) { return; }
      th.classList.add("sortable");
      th.tabIndex = 0;
      th.title = "sort by this column";
      function sort() {
        var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
        var list = Array.prototype.slice.call(body.rows).map(function (r) {
          return {row: r, k: key(r.cells[col]), i: +r.getAttribute("data-order")};
        });
        list.sort(function (a, b) { return dir * compare(a.k, b.k) || a.i - b.i; });
        list.forEach(function (e) { body.appendChild(e.row); });
      }
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sort(); }
      });
    });
  });
  // Printing from the browser shows what is folded away on screen.
  window.addEventListener("beforeprint", function () {
    Array.prototype.forEach.call(document.querySelectorAll("details"), function (d) { d.open = true; });
  });
}());
