/**
 * Renders the toast store into one polite live region at the bottom of the page. Imported by
 * every island that can show a toast; Astro bundles it once per page.
 */
import { $toasts, dismissToast, type Toast, type ToastVariant } from '../stores/toast';

const STYLES: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  info: 'border-sky-300 bg-sky-50 text-sky-950',
  destructive: 'border-red-300 bg-red-50 text-red-950',
};

function region(): HTMLElement {
  let el = document.getElementById('toasts');
  if (!el) {
    el = document.createElement('section');
    el.id = 'toasts';
    el.setAttribute('aria-label', 'Notifications');
    el.setAttribute('aria-live', 'polite');
    el.className =
      'pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end';
    document.body.append(el);
  }
  return el;
}

// Imported by islands, which Astro also renders on the server: only a browser gets the region.
if (typeof document !== 'undefined') $toasts.subscribe(render);

function render(toasts: readonly Toast[]): void {
  const root = region();
  root.replaceChildren(
    ...toasts.map((t) => {
      const item = document.createElement('div');
      item.setAttribute('role', t.variant === 'destructive' ? 'alert' : 'status');
      item.dataset.variant = t.variant;
      item.className = `pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${STYLES[t.variant]}`;
      const text = document.createElement('div');
      text.className = 'grow';
      const title = document.createElement('p');
      title.className = 'font-semibold';
      title.textContent = t.title;
      text.append(title);
      if (t.description) {
        const body = document.createElement('p');
        body.className = 'mt-0.5 text-sm';
        body.textContent = t.description;
        text.append(body);
      }
      const close = document.createElement('button');
      close.type = 'button';
      close.className = 'rounded p-1 text-sm opacity-70 hover:opacity-100';
      close.setAttribute('aria-label', 'Dismiss notification');
      close.textContent = '✕';
      close.addEventListener('click', () => dismissToast(t.id));
      item.append(text, close);
      return item;
    }),
  );
}
