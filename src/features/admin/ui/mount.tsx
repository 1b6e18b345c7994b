/**
 * Renders the admin area into its mount point. Loaded by AdminIsland.astro only when this
 * browser holds a Supabase session, so anonymous visitors never download React for it.
 */
import { createRoot } from 'react-dom/client';
import '../../../scripts/toaster';
import AdminPanels from './AdminPanels';

/** Mounts the admin area into `host` once. */
export function mountAdminPanels(host: HTMLElement): void {
  if (host.dataset.mounted) return;
  host.dataset.mounted = '';
  createRoot(host).render(<AdminPanels />);
}
