/**
 * Loads the admin area when this browser holds a Supabase session, or as soon as a sign-in in
 * another tab stores one. Anonymous visitors stop here, having downloaded no React.
 */
import { SESSION_STORAGE_KEY, hasStoredSession } from '../../auth/supabase';

const host = document.getElementById('admin-area');

function mount(): void {
  if (!host) return;
  void import('./mount').then(({ mountAdminPanels }) => mountAdminPanels(host));
}

if (hasStoredSession()) {
  mount();
} else {
  addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY && event.newValue) mount();
  });
}
