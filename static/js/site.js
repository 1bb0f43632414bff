// Every page: the language menu changes the language as soon as a language is picked.

const select = document.getElementById("language-select");
if (select) select.addEventListener("change", () => select.form.submit());
