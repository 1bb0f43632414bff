// The table chat: messages arrive over the socket and are shown as text, never as HTML.

import { fmt, node } from "./dom.js";

export function renderChat(app, messages) {
  const log = document.getElementById("chat-log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  for (const m of messages) {
    if (document.querySelector(`[data-chat-id="${Number(m.id)}"]`)) continue;
    const row = node("div", "chat-line");
    row.dataset.chatId = Number(m.id);
    const who = node("span", "who", m.name);
    who.title = m.name; // long names end in an ellipsis: the whole name on hover
    row.appendChild(who);
    row.appendChild(node("span", "text", m.text));
    log.appendChild(row);
  }
  if (atBottom) log.scrollTop = log.scrollHeight;
}

export function chatHidden(ids) {
  for (const id of ids) document.querySelector(`[data-chat-id="${Number(id)}"]`)?.remove();
}

/** The length of a message as the server counts it (trimmed), against its limit, while typing. */
function showCount(form) {
  const count = document.getElementById("chat-count");
  const max = Number(count.dataset.max);
  const length = [...form.elements.text.value.trim()].length;
  const over = length > max;
  count.textContent = length ? fmt(gettext("%(n)s of %(max)s characters"), { n: length, max }) : "";
  if (over) count.textContent = fmt(gettext("%(n)s of %(max)s characters: %(over)s too many to send."), { n: length, max, over: length - max });
  count.classList.toggle("over", over);
  form.querySelector("button[type=submit]").disabled = over;
  return !over;
}

export function setupChat(app) {
  const form = document.getElementById("chat-form");
  if (!form) return;
  const input = form.elements.text;
  input.addEventListener("input", () => showCount(form));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || !showCount(form)) return;
    app.send({ type: "chat", text });
    input.value = "";
    showCount(form);
  });
}
