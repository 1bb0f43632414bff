// The table chat: messages arrive over the socket and are shown as text, never as HTML;
// each line of another player has a link to report it.

import { fmt, node } from "./dom.js";

function reportLink(app, id) {
  const link = node("a", "chat-report", "⚑");
  link.href = app.root.dataset.reportUrl.replace(/\/0\/report\/$/, `/${Number(id)}/report/`);
  link.title = gettext("Report this message");
  link.setAttribute("aria-label", gettext("Report this message"));
  return link;
}

export function renderChat(app, messages) {
  const log = document.getElementById("chat-log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 30;
  const me = app.root.dataset.myName;
  for (const m of messages) {
    if (document.querySelector(`[data-chat-id="${Number(m.id)}"]`)) continue;
    const row = node("div", "chat-line");
    row.dataset.chatId = Number(m.id);
    const who = node("span", "who", m.name);
    who.title = m.name; // long names end in an ellipsis: the whole name on hover
    row.appendChild(who);
    row.appendChild(node("span", "text", m.text));
    if (app.loggedIn && m.name !== me) row.appendChild(reportLink(app, m.id));
    log.appendChild(row);
  }
  if (atBottom) log.scrollTop = log.scrollHeight;
}

export function chatHidden(ids) {
  for (const id of ids) document.querySelector(`[data-chat-id="${Number(id)}"]`)?.remove();
}

/** Spectators at a players-only table read the chat but get no input. */
export function chatAllowed(app) {
  const form = document.getElementById("chat-form");
  if (!form || !app.msg) return;
  const watching = app.msg.seat === null && app.msg.table.chat_players_only;
  form.hidden = watching || app.banned !== null;
  document.getElementById("chat-players-only").hidden = !watching;
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
