// Registers the service worker after load; a failure is only logged.
if ('serviceWorker' in navigator) {
  addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((e) => console.error('Service worker registration failed', e));
  });
}
