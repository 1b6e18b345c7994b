// Shows the missed path on the 404 page and logs it.
(() => {
  const path = location.pathname + location.search;
  document.getElementById('missed-path').textContent = path;
  console.error('404 Error: User attempted to access non-existent route:', path);
})();
