// The lessons of a game (templates/learning/course.html), for a visitor: their done lessons
// are kept in this browser (lesson.js writes them). A player's come from the server only, so
// the page loads this script for visitors alone.

const done = JSON.parse(localStorage.getItem("lessons-done") || "[]");
for (const li of document.querySelectorAll("[data-lesson]")) {
  if (done.includes(li.dataset.lesson)) li.querySelector(".lesson-tick").hidden = false;
}
