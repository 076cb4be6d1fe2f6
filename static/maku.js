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
// Issue 38 (accessibility): the offer is a link inside a status region that is on the page from
// the start (a live region announces what is added to it); a reload keeps the keyboard focus
// where it was (the focused element is noted for the reloaded page, which focuses it again).
var FOCUS_KEY = "maku-live-focus";

// What names the focused element on the reloaded page: its id, a form field's form and name
// (a button's value too), or a link's address and words.
function focusMark(f) {
  if (!f || f === document.body || f === document.documentElement) { return null; }
  if (f.id) { return { id: f.id }; }
  if (f.name && f.form) {
    return { form: f.form.id || f.form.getAttribute("action") || "", name: f.name,
             value: f.tagName.toLowerCase() === "button" ? f.value : null };
  }
  if (f.tagName.toLowerCase() === "a" && f.getAttribute("href")) {
    return { href: f.getAttribute("href"), text: f.textContent.trim() };
  }
  return null;
}

function markedElement(m) {
  if (m.id) { return document.getElementById(m.id); }
  var i, all;
  if (m.name) {
    all = document.querySelectorAll("form [name]");
    for (i = 0; i < all.length; i++) {
      var f = all[i];
      var form = f.form && (f.form.id || f.form.getAttribute("action") || "");
      if (f.name === m.name && form === m.form && (m.value === null || f.value === m.value)) { return f; }
    }
  }
  if (m.href) {
    all = document.querySelectorAll("a[href]");
    for (i = 0; i < all.length; i++) {
      if (all[i].getAttribute("href") === m.href && all[i].textContent.trim() === m.text) { return all[i]; }
    }
  }
  return null;
}

(function () {
  var kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(FOCUS_KEY) || "null"); sessionStorage.removeItem(FOCUS_KEY); } catch (e) { kept = null; }
  if (!kept || kept.page !== location.pathname + location.search) { return; }
  var target = markedElement(kept.mark);
  if (target) { target.focus({ preventScroll: true }); }
})();

(function () {
  var el = document.querySelector("[data-live]");
  if (!el || !window.EventSource) { return; }
  var source = null;
  var status = document.createElement("div");
  status.setAttribute("role", "status");
  el.parentNode.insertBefore(status, el);

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
    a.textContent = el.getAttribute("data-reload-label") || "↻";
    status.className = "notice live-reload";
    status.appendChild(a);
  }

  function reload() {
    var mark = focusMark(document.activeElement);
    if (mark) {
      try {
        sessionStorage.setItem(FOCUS_KEY, JSON.stringify({ page: location.pathname + location.search, mark: mark }));
      } catch (e) { /* no storage: the reload still happens */ }
    }
    window.location.reload();
  }

  function open() {
    if (source) { return; }
    source = new EventSource(el.getAttribute("data-live"));
    source.addEventListener("update", function () {
      if (holdReload()) { offerReload(); return; }
      close();
      reload();
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
