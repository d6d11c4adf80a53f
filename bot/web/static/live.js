// Keeps an open game page current: asks the game's version every few seconds (a small JSON answer)
// and, when it changed, fetches the page again and swaps in its side panel and pictures, keeping
// each picture's zoom.
"use strict";
(function () {
  const root = document.getElementById("game");
  if (!root || !root.dataset.live) return;
  const EVERY = 3000;
  let busy = false;
  async function refresh() {
    const response = await fetch(window.location.href, { cache: "no-store" });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
    const next = fresh.getElementById("game");
    if (!next) return;
    root.querySelector(".side").replaceWith(next.querySelector(".side"));
    root.querySelector("#status").replaceWith(next.querySelector("#status"));
    next.querySelectorAll("figure[data-picture]").forEach(function (figure) {
      const mine = root.querySelector('figure[data-picture="' + figure.dataset.picture + '"] img');
      const src = figure.querySelector("img").getAttribute("src");
      if (mine && mine.getAttribute("src") !== src) mine.setAttribute("src", src);
    });
    root.dataset.version = next.dataset.version;
  }
  async function poll() {
    if (busy || document.hidden) return;
    busy = true;
    try {
      const response = await fetch(root.dataset.live, { cache: "no-store" });
      if (response.ok) {
        const body = await response.json();
        if (String(body.version) !== root.dataset.version) await refresh();
      }
    } catch (e) {
      // offline for a moment: the next poll tries again
    } finally {
      busy = false;
    }
  }
  setInterval(poll, EVERY);
  document.addEventListener("visibilitychange", poll);
})();
