/* The graph-diff blame page (BlameHTML.cpp embeds this file): clicking an
   element with `data-op="X"` (an op of the output, an input op, a pass)
   shows its history, the text of `<pre id="h-X">`; a pass also marks the
   rows of the ops it made or changed. The page opens on `#X`. The body
   says what is shown: data-selected="X", data-touched="N" (rows marked),
   data-ready once the script has run. */
"use strict";

(function () {
  function clearMarks() {
    var marked = document.querySelectorAll(".selected, .touched");
    for (var i = 0; i < marked.length; i++)
      marked[i].classList.remove("selected", "touched");
  }

  function select(id) {
    if (!/^(p[0-9]+|g[0-9]+-[io][0-9]+)$/.test(id))
      return false;
    var source = document.getElementById("h-" + id);
    if (!source)
      return false;
    clearMarks();
    var refs = document.querySelectorAll('[data-op="' + id + '"]');
    for (var i = 0; i < refs.length; i++)
      refs[i].classList.add("selected");
    document.getElementById("history-text").textContent = source.textContent;
    var touched = 0;
    if (id.charAt(0) === "p") {
      var pass = id.slice(1);
      var rows = document.querySelectorAll("tr[data-passes]");
      for (var j = 0; j < rows.length; j++) {
        if (rows[j].getAttribute("data-passes").split(" ").indexOf(pass) >= 0) {
          rows[j].classList.add("touched");
          touched++;
        }
      }
    }
    document.body.setAttribute("data-selected", id);
    document.body.setAttribute("data-touched", String(touched));
    return true;
  }

  function target(event) {
    var element = event.target;
    return element && element.closest ? element.closest("[data-op]") : null;
  }

  window.addEventListener("error", function (event) {
    var box = document.getElementById("errors");
    if (box)
      box.textContent += event.message + "\n";
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.body.addEventListener("click", function (event) {
      var element = target(event);
      if (element)
        select(element.getAttribute("data-op"));
    });
    document.body.addEventListener("keydown", function (event) {
      var element = target(event);
      if (element && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        select(element.getAttribute("data-op"));
      }
    });
    function fromHash() {
      if (location.hash.length > 1)
        select(decodeURIComponent(location.hash.slice(1)));
    }
    window.addEventListener("hashchange", fromHash);
    fromHash();
    document.body.setAttribute("data-ready", "1");
  });
})();
