// The profile's card choice: a preview of every back and front, drawn as at the table.

import { cardBack, cardFace, setFront } from "./cards.js";

const SAMPLE = ["AS", "KH", "TD", "7C"];

for (const slot of document.querySelectorAll("#card-choice [data-back]")) {
  slot.appendChild(cardBack(slot.dataset.back));
}
for (const slot of document.querySelectorAll("#card-choice [data-front]")) {
  setFront(slot.dataset.front);
  for (const card of SAMPLE) {
    const face = cardFace(card);
    face.removeAttribute("role"); // a picture of the design: its label names it
    face.setAttribute("aria-hidden", "true");
    slot.appendChild(face);
  }
}
setFront("classic");
