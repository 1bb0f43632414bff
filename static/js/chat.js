// The table chat: messages arrive over the socket and are shown as text, never as HTML.

import { node } from "./dom.js";

export function renderChat(app, messages) {
  const log = document.getElementById("chat-log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  for (const m of messages) {
    if (document.querySelector(`[data-chat-id="${Number(m.id)}"]`)) continue;
    const row = node("div", "chat-line");
    row.dataset.chatId = Number(m.id);
    row.appendChild(node("span", "who", m.name));
    row.appendChild(node("span", "text", m.text));
    log.appendChild(row);
  }
  if (atBottom) log.scrollTop = log.scrollHeight;
}

export function chatHidden(ids) {
  for (const id of ids) document.querySelector(`[data-chat-id="${Number(id)}"]`)?.remove();
}

export function setupChat(app) {
  const form = document.getElementById("chat-form");
  if (!form) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const input = form.elements.text;
    const text = input.value.trim();
    if (!text) return;
    app.send({ type: "chat", text });
    input.value = "";
  });
}
