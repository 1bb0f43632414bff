// Every page: the language menu changes the language as soon as a language is picked; on
// narrow screens the header's links are in a menu the Menu button opens (site.css); the
// service worker (whistsite/webapp.py) makes the site an app to install; the browser's time
// zone is kept in a cookie; a table that scrolls sideways in its box says so.

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

// A table wider than its box scrolls sideways inside it (.table-scroll: a game's score sheet
// with seven players on a phone): the box is marked .scrolls, and .more-right while there is
// more to the right (records.css fades that edge), and its hint line (.scroll-hint, the box's
// sibling) shows. Nothing showed it: the columns beyond the edge were simply not there.
function markScroll(box) {
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  box.classList.toggle("scrolls", scrolls);
  box.classList.toggle("more-right", scrolls && box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
  const hint = box.parentElement.querySelector(".scroll-hint");
  if (hint) hint.hidden = !scrolls;
}
const scrollBoxes = document.querySelectorAll(".table-scroll");
scrollBoxes.forEach((box) => {
  markScroll(box);
  box.addEventListener("scroll", () => markScroll(box), { passive: true });
});
if (scrollBoxes.length) window.addEventListener("resize", () => scrollBoxes.forEach(markScroll));
