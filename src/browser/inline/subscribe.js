// Subscribe dialog (the element right before this script): the Copy button copies the feed
// address and says so for 2 seconds; a failed copy is only logged. Browsers without invoker
// commands open the dialog from its buttons here.
(() => {
  const dialog = document.currentScript.previousElementSibling;
  const button = dialog.querySelector('[data-copy]');
  const status = dialog.querySelector('[data-copied]');
  const url = dialog.querySelector('input').value;
  let timer;
  button.hidden = false;
  button.addEventListener('click', () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(url))
      .then(
        () => {
          status.textContent = 'Copied!';
          clearTimeout(timer);
          timer = setTimeout(() => (status.textContent = ''), 2000);
        },
        (error) => console.error('Could not copy the feed address', error),
      ),
  );
  if (!('command' in HTMLButtonElement.prototype)) {
    document.addEventListener('click', (event) => {
      if (event.target.closest(`[commandfor="${dialog.id}"]`)) dialog.showModal();
    });
  }
})();
