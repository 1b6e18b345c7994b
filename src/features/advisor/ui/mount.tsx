/**
 * The chat's lazily loaded entry: ChatIsland.astro imports this module the first time the chat is
 * opened, so React and the chat's code are fetched only then.
 */
import { createRoot } from 'react-dom/client';
import ChatDialog, { type ChatDialogProps } from './ChatDialog';

/** Renders the chat into `root` (the mount point) and leaves it mounted for the page's life. */
export function mountChat(root: HTMLElement, props: ChatDialogProps): void {
  createRoot(root).render(<ChatDialog {...props} />);
}
