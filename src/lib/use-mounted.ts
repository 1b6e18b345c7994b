/**
 * False while an island is rendered on the server and hydrated, true from its first effect on.
 * Islands that show what only the browser knows (a stored conversation, a session, an open
 * dialog) render it after mounting, so hydration always matches the server's HTML.
 */
import { useEffect, useState } from 'react';

export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
