// The lessons of a game (templates/learning/course.html): a visitor's done lessons are kept
// in this browser (lesson.js writes them); a player's also come from the server.

const done = JSON.parse(localStorage.getItem("lessons-done") || "[]");
for (const li of document.querySelectorAll("[data-lesson]")) {
  if (done.includes(li.dataset.lesson)) li.querySelector(".lesson-tick").hidden = false;
}
