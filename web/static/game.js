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
  var game = document.querySelector("[data-events]");
  if (!game || !window.EventSource) return;
  var source = new EventSource(game.getAttribute("data-events"));
  source.addEventListener("move", function () {
    source.close(); // the fresh page opens its own stream, if the game is still being played
    window.location.reload();
  });
})();
