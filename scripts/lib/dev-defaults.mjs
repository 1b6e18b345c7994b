// Ports `npm run dev` uses unless told otherwise (scripts/dev.mjs; the README and
// docs/editing.md name the site's).
export const DEV_PORTS = { site: 4321, functions: 8787, inspector: 9230 };

/** Where `npm run dev` serves a page. */
export function previewUrl(path, port = DEV_PORTS.site) {
  return `http://localhost:${port}${path}`;
}
