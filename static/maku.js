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
