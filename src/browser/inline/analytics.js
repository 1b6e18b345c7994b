// Analytics, on builds with PUBLIC_ANALYTICS=1 only: the page view with its path and title, and
// the click events that buttons name in data-ping (links use their own ping attribute).
(() => {
  const send = (url) => navigator.sendBeacon && navigator.sendBeacon(url);
  send(
    '/api/analytics/event?' +
      new URLSearchParams({ name: 'page_view', path: location.pathname, title: document.title }),
  );
  addEventListener('click', (event) => {
    const target = event.target.closest && event.target.closest('[data-ping]');
    if (target) send(target.dataset.ping);
  });
})();
