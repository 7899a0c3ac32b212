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
let theme = "auto";
try {
  theme = localStorage.getItem("overloadlab-theme") ?? "auto";
} catch {
  // storage may be off: the system's theme then
}
setTheme(theme);
themeBtn.onclick = () => {
  theme = themes[(themes.indexOf(theme as (typeof themes)[number]) + 1) % themes.length];
  try {
    localStorage.setItem("overloadlab-theme", theme);
  } catch {
    // not kept, still applied
  }
  applyTheme(theme);
};
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
  if (theme === "auto") applyTheme(theme);
});
