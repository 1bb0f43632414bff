// Tiny DOM helpers for the table's modules: elements with text (never HTML) and POST forms.

export const fmt = (s, obj) => window.interpolate(s, obj, true);

/** An element with a class and text content; user input only ever goes in as text. */
export function node(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined && text !== null) n.textContent = text;
  return n;
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
