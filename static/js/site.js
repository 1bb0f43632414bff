// Every page: the language menu changes the language as soon as a language is picked; on
// narrow screens the header's links are in a menu the Menu button opens (site.css); the
// service worker (whistsite/webapp.py) makes the site an app to install; the browser's time
// zone is kept in a cookie.

if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
}

const select = document.getElementById("language-select");
if (select) select.addEventListener("change", () => select.form.submit());

const header = document.querySelector(".site-header");
const toggle = header && header.querySelector(".nav-toggle");
if (toggle) {
  const show = (open) => {
    header.classList.toggle("nav-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => show(!header.classList.contains("nav-open")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("nav-open")) {
      show(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (!header.contains(event.target)) show(false);
  });
}

// The browser's time zone, for the server to show times in (accounts/time_zones.py) when the
// player has chosen none on their profile; the next page uses it.
try {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const kept = document.cookie.split("; ").find((c) => c.startsWith("tz="));
  if (zone && kept !== `tz=${zone}`) {
    document.cookie = `tz=${zone}; path=/; max-age=31536000; SameSite=Lax`;
  }
} catch (e) { /* no Intl: times stay in UTC, named so */ }
