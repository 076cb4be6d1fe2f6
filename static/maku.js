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

// Optional enhancement: live updates of a game's pages ([data-live] names the event stream).
// When the game thread or the act changes, the page reloads, unless the reader would lose
// something: a field changed from what the page came with, any text in a text area (a kept
// draft too), or a message shown once (a refusal, an action's reply). Then a link offers the
// reload ([data-reload-label], from the catalogs). Any `update` counts: its data ({"act",
// "floor"}) holds public facts only and needs no reading here. One stream per page, closed
// when the page is left (browsers allow only a few connections per host), reopened if the
// page comes back from the back/forward cache. Without this script the pages work as before.
(function () {
  var el = document.querySelector("[data-live]");
  if (!el || !window.EventSource) { return; }
  var source = null;

  function fieldChanged(f) {
    if (f.disabled || f.name === "csrf") { return false; }
    var tag = f.tagName.toLowerCase();
    if (tag === "textarea") { return f.value !== f.defaultValue || f.value.trim() !== ""; }
    if (tag === "select") {
      var opts = f.options, i;
      if (f.multiple) {
        for (i = 0; i < opts.length; i++) {
          if (opts[i].selected !== opts[i].defaultSelected) { return true; }
        }
        return false;
      }
      // Without a `selected` attribute the first option is the default.
      var def = 0;
      for (i = 0; i < opts.length; i++) {
        if (opts[i].defaultSelected) { def = i; break; }
      }
      return opts.length > 0 && f.selectedIndex !== def;
    }
    var type = (f.type || "").toLowerCase();
    if (type === "hidden" || type === "submit" || type === "button" || type === "reset" ||
        type === "image" || type === "file") { return false; }
    if (type === "checkbox" || type === "radio") { return f.checked !== f.defaultChecked; }
    return f.value !== f.defaultValue;
  }

  function holdReload() {
    if (document.querySelector('[role="alert"]')) { return true; }
    return Array.prototype.some.call(
      document.querySelectorAll("input, select, textarea"), fieldChanged);
  }

  function offerReload() {
    if (document.getElementById("live-reload")) { return; }
    var a = document.createElement("a");
    a.id = "live-reload";
    a.href = window.location.href.split("#")[0];
    a.className = "notice live-reload";
    a.setAttribute("role", "status");
    a.textContent = el.getAttribute("data-reload-label") || "↻";
    el.parentNode.insertBefore(a, el);
  }

  function open() {
    if (source) { return; }
    source = new EventSource(el.getAttribute("data-live"));
    source.addEventListener("update", function () {
      if (holdReload()) { offerReload(); return; }
      close();
      window.location.reload();
    });
  }

  function close() {
    if (source) { source.close(); source = null; }
  }

  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", function (e) { if (e.persisted) { open(); } });
  open();
})();

// Optional enhancement (issue 10 item 13): a character counter under every post box
// (textarea[data-max-chars], the server's limit). It counts as the server does: characters
// (code points), line ends as one, trailing space not counted. Without this script the box
// works as before and the server still refuses a body that is too long.
document.querySelectorAll("textarea[data-max-chars]").forEach(function (box) {
  var max = parseInt(box.getAttribute("data-max-chars"), 10);
  if (!(max > 0)) { return; }
  var counter = document.createElement("small");
  counter.className = "char-count";
  counter.setAttribute("aria-live", "polite");
  box.parentNode.insertBefore(counter, box.nextSibling);
  function update() {
    var n = Array.from(box.value.replace(/\r\n/g, "\n").replace(/\s+$/, "")).length;
    counter.textContent = n + " / " + max;
    counter.classList.toggle("over", n > max);
  }
  box.addEventListener("input", update);
  update();
});

// Issue 10 item 14: after a refused form, focus goes to the first field marked invalid (its
// error is tied to it by aria-describedby), or to the error itself, so a keyboard or screen
// reader user lands where the problem is.
(function () {
  var field = document.querySelector("[aria-invalid='true']");
  var target = field || document.getElementById("form-error");
  if (!target) { return; }
  if (!field) { target.setAttribute("tabindex", "-1"); }
  target.focus();
})();
