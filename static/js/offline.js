// The offline page (templates/site/offline.html): "Try again" loads the page that could not
// be reached; so does the browser coming back online.
const button = document.getElementById("retry");
const status = document.getElementById("retry-status");

function retry() {
  status.textContent = "…";
  location.reload();
}

button.addEventListener("click", retry);
window.addEventListener("online", retry);
