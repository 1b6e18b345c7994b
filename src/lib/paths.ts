/**
 * The public path of a page. Pages are built as files (`/consultants.html`, `/index.html`) and
 * served without the extension, so this is the address visitors and search engines see.
 */
export function publicPath(pathname: string): string {
  const path = pathname.replace(/(?:\/index)?\.html$/, '').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** The consultants collection's file, read by the content config and the placeholder guard. */
export const CONSULTANTS_FILE = 'src/content/consultants.yaml';
