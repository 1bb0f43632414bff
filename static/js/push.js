// Notifications on this device (docs/deployment.md §"Push"): the profile's "Allow
// notifications on this device" asks the browser's permission, subscribes through the
// site's service worker with the site's VAPID key and gives the subscription to the site;
// "Stop" takes it back. A subscription the browser still holds is given again on each visit,
// so the site knows it even after it dropped an expired one.

const box = document.getElementById("push-device");

function keyBytes(text) {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

function post(url, body) {
  return fetch(url, {
    method: "POST", credentials: "same-origin", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-CSRFToken": box.dataset.csrf },
  });
}

async function setUp() {
  const status = box.querySelector("[data-push-status]");
  const allow = box.querySelector("[data-push-allow]");
  const stop = box.querySelector("[data-push-stop]");
  const say = (key) => { status.textContent = box.dataset[key]; };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.isSecureContext) {
    allow.hidden = true;
    say("unsupported");
    return;
  }
  let registration;
  let subscription = null;
  try {
    registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    subscription = await registration.pushManager.getSubscription();
  } catch {
    allow.hidden = true;
    say("unsupported");
    return;
  }
  const show = (word) => {
    allow.hidden = Boolean(subscription);
    stop.hidden = !subscription;
    say(word || (subscription ? "on" : Notification.permission === "denied" ? "denied" : "off"));
  };
  if (subscription) post(box.dataset.allowUrl, subscription.toJSON()).catch(() => {});
  show();
  allow.addEventListener("click", async () => {
    if ((await Notification.requestPermission()) !== "granted") return show("denied");
    try {
      await navigator.serviceWorker.ready;
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(box.dataset.key),
      });
      const answer = await post(box.dataset.allowUrl, subscription.toJSON());
      if (!answer.ok) throw new Error(String(answer.status));
    } catch {
      if (subscription) await subscription.unsubscribe().catch(() => {});
      subscription = null;
      return show("failed");
    }
    show();
  });
  stop.addEventListener("click", async () => {
    if (!subscription) return show();
    await post(box.dataset.stopUrl, { endpoint: subscription.endpoint }).catch(() => {});
    await subscription.unsubscribe().catch(() => {});
    subscription = null;
    show();
  });
}

if (box) setUp();
