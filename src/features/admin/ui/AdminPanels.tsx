/**
 * The admin area of the home page, hydrated only when a stored session exists. While the session
 * and roles are checked it says so; a signed-in account sees who it is signed in as and a
 * 'Sign out' button; admins also get the leads inbox, what prospects ask the advisor,
 * search-engine submission and role management.
 */
import { useStore } from '@nanostores/react';
import '../../../browser/toaster';
import { useMounted } from '../../../lib/use-mounted';
import { $roles, $session, $sessionLoading, signOut } from '../../auth';
import IndexNowPanel from './IndexNowPanel';
import LeadsInbox from './LeadsInbox';
import ProspectQuestions from './ProspectQuestions';
import RoleManager from './RoleManager';

export default function AdminPanels() {
  const loading = useStore($sessionLoading);
  const session = useStore($session);
  const roles = useStore($roles);
  // Nothing is rendered on the server: the session lives in this browser's storage.
  const mounted = useMounted();
  if (!mounted) return null;

  if (loading || (session && roles.loading)) {
    return (
      <p role="status" className="container-page py-6 text-sm text-slate-600">
        Checking your account…
      </p>
    );
  }
  if (!session) return null;
  const isAdmin = !roles.loading && roles.roles.includes('admin');
  const who = session.user.email ?? 'your account';

  return (
    <section
      aria-labelledby="admin-heading"
      className="border-t border-slate-200 bg-slate-50 py-12"
    >
      <div className="container-page">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="admin-heading" className="text-2xl font-bold">
            {isAdmin ? 'Site administration' : 'Your account'}
          </h2>
          <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span>
              Signed in as <strong className="break-all">{who}</strong>
            </span>
            <button
              type="button"
              className="btn-outline min-h-9 px-3 py-1.5"
              onClick={() => void signOut()}
            >
              Sign out
            </button>
          </p>
        </div>
        {isAdmin && (
          <div className="mt-8 grid gap-6">
            <LeadsInbox />
            <ProspectQuestions />
            <div className="grid items-start gap-6 lg:grid-cols-2">
              <IndexNowPanel />
              <RoleManager />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
