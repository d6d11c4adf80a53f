// The local table: while the bots think, asks the game's version often and reloads the page when a
// bot has moved (the page then shows the next panel); while a person decides, rarely (another tab
// may have moved). The answer is a small JSON from the companion's live route.
"use strict";
(function () {
  const root = document.getElementById("game");
  const play = document.querySelector(".play");
  if (!root || !play || !root.dataset.live) return;
  const waiting = play.dataset.bots === "yes";
  const EVERY = waiting ? 400 : 3000;
  let busy = false;
  // Once the person has clicked (a move on its way, a group opening), a reload would abort that
  // navigation: the next page brings the new version anyway.
  let leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("beforeunload", function () { leaving = true; });
  async function poll() {
    if (busy || leaving || document.hidden) return;
    busy = true;
    try {
      const response = await fetch(root.dataset.live, { cache: "no-store" });
      if (response.ok) {
        const body = await response.json();
        if (!leaving && String(body.version) !== root.dataset.version) {
          // the panel drawn for the old version would be refused: show the new one
          window.location.replace("/play/" + root.dataset.game);
          return;
        }
      }
    } catch (e) {
      // the server stopped for a moment: the next poll tries again
    } finally {
      busy = false;
    }
  }
  setInterval(poll, EVERY);
})();
