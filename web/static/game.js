// A game's page: the arrow keys step through the replay, and a live game's page redraws itself after each move.
(function () {
  "use strict";
  var keys = { ArrowLeft: "prev", ArrowRight: "next" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var rel = keys[event.key];
    var link = rel && document.querySelector('a[data-step="' + rel + '"]');
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
  // Times come in UTC, which a page without JavaScript shows; here they read in the reader's own time zone.
  document.querySelectorAll("time[datetime]").forEach(function (element) {
    var when = new Date(element.getAttribute("datetime"));
    if (isNaN(when.getTime())) return;
    element.textContent = when.toLocaleString(undefined, { day: "numeric", month: "short", year: "numeric",
      hour: "2-digit", minute: "2-digit", timeZoneName: "short" });
  });
  var game = document.querySelector("[data-events]");
  if (!game || !window.EventSource) return;
  var source = new EventSource(game.getAttribute("data-events"));
  source.addEventListener("move", function () {
    source.close(); // the fresh page opens its own stream, if the game is still being played
    window.location.reload();
  });
})();
