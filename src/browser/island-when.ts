/**
 * `client:when`, the one way an island that waits loads: Astro renders it like any island, and
 * this directive hydrates it when its moment comes.
 * - `client:when={{ open: 'chat' }}`: on the first `island:open` event naming it (store actions
 *   such as openChat() send it), so a page ships no island code until a visitor asks. With
 *   `prefetch: '<selector>'`, pointing at or focusing a matching trigger starts the download.
 * - `client:when={{ session: '<storage key>' }}`: once this browser holds that key in
 *   localStorage, now or after a sign-in in another tab (the admin area).
 * A failed load is logged and tried again on the next open. Astro inlines this file and adds its
 * hash to each page's Content Security Policy.
 */
import type { ClientDirective } from 'astro';
import { ISLAND_OPEN_EVENT, type WhenOptions } from '../lib/islands';

const when: ClientDirective = (load, options) => {
  const { open, prefetch, session } = (options.value ?? {}) as WhenOptions;
  let hydrated = false;
  let pending: ReturnType<typeof load> | undefined;
  const fetchCode = () => (pending ??= load());
  const hydrate = async () => {
    if (hydrated) return;
    hydrated = true;
    try {
      await (
        await fetchCode()
      )();
    } catch (err) {
      console.error('An interactive part of the page could not be loaded', err);
      hydrated = false;
      pending = undefined;
    }
  };

  if (open) {
    document.addEventListener(ISLAND_OPEN_EVENT, (event) => {
      if ((event as CustomEvent<string>).detail === open) void hydrate();
    });
  }
  if (prefetch) {
    const intent = (event: Event) => {
      if (!(event.target as Element | null)?.closest?.(prefetch)) return;
      document.removeEventListener('pointerover', intent);
      document.removeEventListener('focusin', intent);
      fetchCode().catch(() => (pending = undefined));
    };
    document.addEventListener('pointerover', intent);
    document.addEventListener('focusin', intent);
  }
  if (session) {
    const held = () => {
      try {
        return localStorage.getItem(session) !== null;
      } catch {
        return false;
      }
    };
    if (held()) void hydrate();
    else {
      addEventListener('storage', (event) => {
        if (event.key === session && event.newValue) void hydrate();
      });
    }
  }
};

export default when;
