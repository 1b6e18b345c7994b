/**
 * Loads an island's code the first time its store says it should show, so pages ship no React
 * until a visitor asks for the island. A failed load (offline, a stale deploy) is logged and
 * tried again on the next open. `warmSelector` starts the download early when a visitor points
 * at or focuses a matching trigger.
 */
import type { ReadableAtom } from 'nanostores';

export function loadOnFirstOpen<T>(
  store: ReadableAtom<T>,
  isOpen: (value: T) => boolean,
  load: () => Promise<unknown>,
  warm?: { selector: string; prefetch: () => Promise<unknown> },
): void {
  let state: 'idle' | 'loading' | 'loaded' = 'idle';
  const start = () => {
    if (state !== 'idle') return;
    state = 'loading';
    load().then(
      () => {
        state = 'loaded';
        unlisten();
      },
      (err: unknown) => {
        console.error('An interactive part of the page could not be loaded', err);
        state = 'idle';
      },
    );
  };
  const unlisten = store.listen((value) => {
    if (isOpen(value)) start();
  });
  if (isOpen(store.get())) start();

  if (warm) {
    const onIntent = (event: Event) => {
      if (!(event.target as Element | null)?.closest?.(warm.selector)) return;
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      warm.prefetch().catch(() => {});
    };
    document.addEventListener('pointerover', onIntent);
    document.addEventListener('focusin', onIntent);
  }
}
