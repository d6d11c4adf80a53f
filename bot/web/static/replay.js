// The replay's stepper: buttons, arrow keys (← → an action, ↑ ↓ a round or scoring), the slider and
// the log's lines move to a point; the pictures and the address follow without reloading the page.
"use strict";
(function () {
  const root = document.getElementById("replay");
  if (!root) return;
  const last = Number(root.dataset.last);
  const checkpoints = root.dataset.checkpoints ? root.dataset.checkpoints.split(",").map(Number) : [];
  const slider = document.getElementById("slider");
  const at = document.getElementById("at");
  const steps = document.getElementById("steps");
  let point = Number(root.dataset.point);
  function go(target) {
    target = Math.max(0, Math.min(last, target));
    if (target === point) return;
    point = target;
    root.dataset.point = String(point);
    slider.value = String(point);
    at.textContent = String(point);
    root.querySelectorAll("img[data-key]").forEach(function (img) {
      img.src = root.dataset.path + "/replay/" + point + "/" + img.dataset.key + ".png";
    });
    steps.querySelectorAll("li.current").forEach(function (li) { li.classList.remove("current"); });
    const line = steps.querySelector('li[data-point="' + point + '"]');
    if (line) line.classList.add("current");
    show(line);
    history.replaceState(null, "", "?at=" + point);
  }
  // The current line in view inside the log's own scrolling box (the page itself stays put).
  function show(line) {
    if (!line) return;
    const top = line.offsetTop - steps.offsetTop;
    if (top < steps.scrollTop || top + line.offsetHeight > steps.scrollTop + steps.clientHeight) {
      steps.scrollTop = Math.max(0, top - steps.clientHeight / 3);
    }
  }
  show(steps.querySelector("li.current"));
  function nextCheckpoint() {
    const found = checkpoints.find(function (p) { return p > point; });
    return found === undefined ? last : found;
  }
  function previousCheckpoint() {
    const before = checkpoints.filter(function (p) { return p < point; });
    return before.length ? before[before.length - 1] : 0;
  }
  const moves = {
    "first": function () { return 0; },
    "previous-checkpoint": previousCheckpoint,
    "previous": function () { return point - 1; },
    "next": function () { return point + 1; },
    "next-checkpoint": nextCheckpoint,
    "last": function () { return last; },
  };
  root.querySelectorAll("button[data-step]").forEach(function (button) {
    button.addEventListener("click", function () { go(moves[button.dataset.step]()); });
  });
  slider.addEventListener("input", function () { go(Number(slider.value)); });
  steps.addEventListener("click", function (e) {
    const line = e.target.closest("li[data-point]");
    if (!line) return;
    e.preventDefault();
    go(Number(line.dataset.point));
  });
  document.addEventListener("keydown", function (e) {
    if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;
    const key = { ArrowLeft: "previous", ArrowRight: "next", ArrowUp: "previous-checkpoint",
      ArrowDown: "next-checkpoint", Home: "first", End: "last" }[e.key];
    if (!key) return;
    e.preventDefault();
    go(moves[key]());
  });
})();
