// Every page: the language menu changes the language as soon as a language is picked; on
// narrow screens the header's links are in a menu the Menu button opens (site.css); the
// service worker (whistsite/webapp.py) makes the site an app to install.

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
