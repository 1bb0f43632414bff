// Tiny DOM helpers for the table's modules: elements with text (never HTML) and POST forms.

export const fmt = (s, obj) => window.interpolate(s, obj, true);

/** An element with a class and text content; user input only ever goes in as text. */
export function node(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined && text !== null) n.textContent = text;
  return n;
}

/** Make `nodes` the children of `box`, moving only what changed: a node already there stays
 *  (kept by its renderer, as the claim form), and so does a child drawn the same (equal DOM)
 *  as a new node, wherever it was; the children kept are never taken out and put back, new
 *  ones go in between. A button taken out under a click in flight drops the click (Chromium
 *  sends no click when the pressed element leaves the page before the release), and every
 *  state draws the buttons again: a state that arrived between the press and the release
 *  lost the click (as the hand's cards, hand.js showCards). Matched by place only, a line
 *  put in before them (a take-back question above the Hint button) drew every later one anew. */
export function keepDrawn(box, nodes) {
  const old = [...box.children];
  const kept = new Set();
  const wanted = nodes.map((n) => {
    const same = old.includes(n)
      ? n
      : old.find((here) => !kept.has(here) && !nodes.includes(here) && here.isEqualNode(n));
    if (same) kept.add(same);
    return same || n;
  });
  old.filter((here) => !kept.has(here)).forEach((here) => here.remove());
  wanted.forEach((n, i) => {
    if (box.children[i] !== n) box.insertBefore(n, box.children[i] || null);
  });
}

export function button(text, cls, onClick) {
  const b = node("button", `button ${cls || ""}`.trim(), text);
  b.type = "button";
  if (onClick) b.addEventListener("click", onClick);
  return b;
}

/** A POST form (with the page's CSRF token) holding one submit button and hidden fields. */
export function postForm(action, label, cls, fields = {}) {
  const form = node("form", "inline-form");
  form.method = "post";
  form.action = action;
  form.appendChild(document.getElementById("csrf-template").content.firstElementChild.cloneNode(true));
  for (const [name, value] of Object.entries(fields)) {
    const input = node("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  const submit = node("button", `button ${cls || ""}`.trim(), label);
  submit.type = "submit";
  form.appendChild(submit);
  return form;
}
