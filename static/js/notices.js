// Notifications on every page of a logged-in player (docs/protocol.md §"Notifications"): the
// header's unread count and a short note for each new one, with Accept and Decline on an
// invitation. A page with a socket of its own (a table's, the lobby) hands them over as
// "whist:notice" events; any other page opens the small /ws/notices/ socket, so a tab never
// has two sockets.

import { CROWDED, CROWDED_MS, FINAL, FIRST_MS, jittered, nextDelay } from "./reconnect.js";

const box = document.getElementById("notice-toasts");
const count = document.getElementById("notice-count");
const SHOWN_MS = 15000; // a note other than an invitation goes away after this

function setCount(unread) {
  if (!count || typeof unread !== "number") return;
  count.textContent = String(unread);
  count.hidden = unread === 0;
}

function answerForm(action, label, primary) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = action;
  form.className = "inline-form";
  const token = document.createElement("input");
  token.type = "hidden";
  token.name = "csrfmiddlewaretoken";
  token.value = box.dataset.csrf;
  const button = document.createElement("button");
  button.type = "submit";
  button.className = primary ? "button button-primary" : "button";
  button.textContent = label;
  form.append(token, button);
  return form;
}

function show(msg) {
  const note = document.createElement("div");
  note.className = `notice-toast notice-${msg.kind}`;
  note.setAttribute("data-testid", "notice-toast");
  const text = document.createElement("a");
  text.href = msg.url;
  text.textContent = msg.text;
  note.append(text);
  const invitation = msg.data && msg.data.invitation;
  if (invitation) {
    note.append(
      answerForm(`/invitations/${invitation}/accept/`, box.dataset.accept, true),
      answerForm(`/invitations/${invitation}/decline/`, box.dataset.decline, false),
    );
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "link-button notice-close";
  close.textContent = box.dataset.close;
  close.addEventListener("click", () => note.remove());
  note.append(close);
  box.prepend(note);
  if (!invitation) setTimeout(() => note.remove(), SHOWN_MS);
}

function handle(msg) {
  if (msg.type === "notice") {
    setCount(msg.unread);
    show(msg);
  } else if (msg.type === "notice_count") {
    setCount(msg.unread);
  } else if (msg.type === "page_changed" || msg.type === "notices_ready") {
    // The page this socket names changed (or may have, while the socket was away): the
    // page's own script looks (static/js/event.js).
    window.dispatchEvent(new CustomEvent("whist:page", { detail: msg }));
  }
}

function connect(delay = FIRST_MS) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // A page whose presence counts (an event's: docs/rules.md §5.5) names itself.
  const page = box.dataset.page ? `?page=${encodeURIComponent(box.dataset.page)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/notices/${page}`);
  socket.onopen = () => {
    delay = FIRST_MS;
  };
  socket.onmessage = (event) => {
    try {
      handle(JSON.parse(event.data));
    } catch {
      // not a message of ours
    }
  };
  socket.onclose = (event) => {
    // The page's own script stops hearing of changes: it polls until a socket is back.
    window.dispatchEvent(new CustomEvent("whist:page", { detail: { type: "socket_closed" } }));
    if (FINAL.has(event.code)) return;
    const next = event.code === 4000 ? FIRST_MS : nextDelay(delay, 30000);
    // Too many sockets (4429): a long wait before the next try (static/js/reconnect.js).
    setTimeout(() => connect(next), jittered(event.code === CROWDED ? CROWDED_MS : delay));
  };
}

if (box) {
  window.addEventListener("whist:notice", (event) => handle(event.detail));
  if (box.dataset.ownSocket !== "1") connect();
}
