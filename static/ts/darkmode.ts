// The page's theme toggle, kept in the browser's storage.
import { page } from "./state";
import { el } from "./util";

// The theme: "auto" follows the system; the toggle cycles auto → dark → light.
const themes = ["auto", "dark", "light"] as const;
const themeBtn = el<HTMLButtonElement>("theme");
function setTheme(t: string) {
  if (t === "dark" || t === "light") document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
  themeBtn.textContent = `Theme: ${t}`;
}
function applyTheme(t: string) {
  setTheme(t);
  for (const c of page.charts) c.retheme();
}
// The theme chosen: auto, dark or light.
const themeState = {
  theme: "auto",
};
try {
  themeState.theme = localStorage.getItem("overloadlab-theme") ?? "auto";
} catch {
  // storage may be off: the system's theme then
}
setTheme(themeState.theme);
themeBtn.onclick = () => {
  themeState.theme = themes[(themes.indexOf(themeState.theme as (typeof themes)[number]) + 1) % themes.length];
  try {
    localStorage.setItem("overloadlab-theme", themeState.theme);
  } catch {
    // not kept, still applied
  }
  applyTheme(themeState.theme);
};
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
  if (themeState.theme === "auto") applyTheme(themeState.theme);
});
