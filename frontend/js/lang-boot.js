// @ts-check
/* Picks the page language and theme before the first paint (French unless the browser prefers English or
   the visitor chose otherwise), so the right text shows at once with no flicker. */
(function () {
  var chosen = null;
  try { chosen = localStorage.getItem("dames.lang"); } catch (e) { chosen = null; }
  if (chosen !== "fr" && chosen !== "en") {
    chosen = "fr";
    var prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "fr"];
    for (var i = 0; i < prefs.length; i += 1) {
      var code = String(prefs[i]).slice(0, 2).toLowerCase();
      if (code === "fr" || code === "en") { chosen = code; break; }
    }
  }
  document.documentElement.lang = chosen;

  /* The theme too (js/theme.js owns the switch): the remembered choice, else the system's. */
  var theme = null;
  try { theme = localStorage.getItem("dames.theme"); } catch (e) { theme = null; }
  if (theme !== "dark" && theme !== "light") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.setAttribute("data-theme", theme);
})();
