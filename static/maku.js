// Optional enhancement: show <time> elements in the reader's own time zone.
// Every page works without it (times are shown in UTC).
document.querySelectorAll("time[datetime]").forEach(function (el) {
  var d = new Date(el.getAttribute("datetime"));
  if (!isNaN(d)) {
    el.title = el.textContent;
    el.textContent = d.toLocaleString(document.documentElement.lang || undefined,
      { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
  }
});

// Optional enhancement: a live countdown next to a game's deadline (.countdown[data-deadline]).
document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
  var due = new Date(el.getAttribute("data-deadline"));
  if (isNaN(due)) { return; }
  var label = el.getAttribute("data-label") || "";
  function pad(n) { return n < 10 ? "0" + n : "" + n; }
  function tick() {
    var left = Math.max(0, Math.floor((due - new Date()) / 1000));
    var d = Math.floor(left / 86400), h = Math.floor(left % 86400 / 3600);
    var m = Math.floor(left % 3600 / 60), s = left % 60;
    el.textContent = "(" + label + " " + (d > 0 ? d + "d " : "") + pad(h) + ":" + pad(m) + ":" + pad(s) + ")";
    if (left > 0) { setTimeout(tick, 1000); }
  }
  tick();
});
