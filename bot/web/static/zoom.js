// Zoom and pan a picture with a mouse (wheel, drag, double-click) or fingers (pinch, drag), and the
// +/−/fit buttons. No library: the page loads nothing from elsewhere.
"use strict";
(function () {
  const MIN = 1, MAX = 8;
  function setup(figure) {
    const viewport = figure.querySelector(".viewport");
    const img = viewport.querySelector("img");
    let scale = 1, x = 0, y = 0;
    const pointers = new Map();
    let pinch = null;
    function clamp() {
      scale = Math.min(MAX, Math.max(MIN, scale));
      const w = viewport.clientWidth, h = viewport.clientHeight;
      const iw = img.clientWidth * scale, ih = img.clientHeight * scale;
      x = Math.min(0, Math.max(w - iw, x));
      y = Math.min(0, Math.max(h - ih, y));
      if (iw <= w) x = (w - iw) / 2;
      if (ih <= h) y = (h - ih) / 2;
    }
    function draw() {
      clamp();
      img.style.transform = "translate(" + x + "px," + y + "px) scale(" + scale + ")";
      figure.classList.toggle("zoomed", scale > 1);
    }
    function zoomAt(factor, cx, cy) {
      const before = scale;
      scale = Math.min(MAX, Math.max(MIN, scale * factor));
      const k = scale / before;
      x = cx - (cx - x) * k;
      y = cy - (cy - y) * k;
      draw();
    }
    function local(e) {
      const r = viewport.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    }
    viewport.addEventListener("wheel", function (e) {
      e.preventDefault();
      const [cx, cy] = local(e);
      zoomAt(e.deltaY < 0 ? 1.2 : 1 / 1.2, cx, cy);
    }, { passive: false });
    viewport.addEventListener("dblclick", function (e) {
      const [cx, cy] = local(e);
      zoomAt(scale > 1 ? 1 / scale : 2.5, cx, cy);
    });
    viewport.addEventListener("pointerdown", function (e) {
      viewport.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, local(e));
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]), s: scale };
      }
    });
    viewport.addEventListener("pointermove", function (e) {
      if (!pointers.has(e.pointerId)) return;
      const last = pointers.get(e.pointerId);
      const now = local(e);
      pointers.set(e.pointerId, now);
      if (pointers.size === 1) {
        x += now[0] - last[0];
        y += now[1] - last[1];
        draw();
      } else if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        const cx = (a[0] + b[0]) / 2, cy = (a[1] + b[1]) / 2;
        zoomAt((pinch.s * d / pinch.d) / scale, cx, cy);
      }
    });
    function up(e) {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
    }
    viewport.addEventListener("pointerup", up);
    viewport.addEventListener("pointercancel", up);
    figure.querySelectorAll("button[data-zoom]").forEach(function (button) {
      button.addEventListener("click", function () {
        const w = viewport.clientWidth / 2, h = viewport.clientHeight / 2;
        const how = button.dataset.zoom;
        if (how === "in") zoomAt(1.5, w, h);
        else if (how === "out") zoomAt(1 / 1.5, w, h);
        else { scale = 1; draw(); }
      });
    });
    img.addEventListener("load", draw);
    window.addEventListener("resize", draw);
    draw();
  }
  window.boardroomZoom = setup;
  document.querySelectorAll("figure.zoomable").forEach(setup);
})();
