// The Whist card room's service worker (whistsite/webapp.py renders it): the static shell
// cached, the site's own offline page when a page cannot be loaded, pushed notices shown,
// and the right page opened when one is tapped.
const CACHE = "whist-shell-{{ version }}";
const SHELL = {{ shell|safe }};
const OFFLINE = {{ offline|safe }};
const ICON = {{ icon|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("whist-shell-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// Pages and files from the network first (the site is live); when it cannot be reached, a
// page is the offline page and a file of the shell its cached copy.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  if (SHELL.includes(new URL(request.url).pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(request, { ignoreSearch: true })));
  }
});

// A notice pushed by the site (social/services/pushing.py): its words and where it leads, never a card.
self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : "" };
  }
  const title = notice.title || "Whist";
  event.waitUntil(self.registration.showNotification(title, {
    body: notice.body || "", icon: ICON, badge: ICON, tag: notice.tag || undefined,
    lang: notice.lang || undefined, data: { url: notice.url || "/" },
  }));
});

// A tapped notice opens its page: a tab of the site already there is used, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const same = windows.find((w) => new URL(w.url).pathname === target.pathname);
      if (same) return same.focus();
      const any = windows.find((w) => new URL(w.url).origin === target.origin && "navigate" in w);
      if (any) return any.navigate(target.href).then((w) => (w ? w.focus() : self.clients.openWindow(target.href)));
      return self.clients.openWindow(target.href);
    }),
  );
});
