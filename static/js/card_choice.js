// The profile's card choice: a preview of every back and front, drawn as at the table.

import { cardBack, cardFace, setFront } from "./cards.js";

const SAMPLE = ["AS", "KH", "TD", "7C"];

for (const slot of document.querySelectorAll("#card-choice [data-back]")) {
  slot.appendChild(cardBack(slot.dataset.back));
}
for (const slot of document.querySelectorAll("#card-choice [data-front]")) {
  setFront(slot.dataset.front);
  for (const card of SAMPLE) slot.appendChild(cardFace(card));
}
setFront("classic");
