/**
 * Role management for admins: every account with its roles, assigning user, editor or admin by
 * email, and removing a role by clicking its badge. Outcomes show as toasts with the spec's
 * messages; the database checks the caller's admin role on every call.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { APP_ROLES, type AppRole } from '../../auth';
import { showToast } from '../../../stores/toast';
import Panel from './Panel';
import { assignRole, listUsers, removeRole } from '../api';
import {
  ROLE_MESSAGES,
  assignmentNotice,
  planAssignment,
  removalNotice,
  type AdminUser,
} from '../role-logic';

const ROLE_LABEL: Record<AppRole, string> = { admin: 'Admin', editor: 'Editor', user: 'User' };
const BADGE: Record<AppRole, string> = {
  admin: 'bg-navy-900 text-white',
  editor: 'bg-brand-50 text-brand-700 ring-1 ring-brand-600/30',
  user: 'bg-slate-100 text-slate-800 ring-1 ring-slate-300',
};

export default function RoleManager() {
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AppRole>('user');
  const [busy, setBusy] = useState(false);
  const id = useId();

  const refresh = useCallback(async () => {
    try {
      setUsers(await listUsers());
    } catch {
      setUsers((current) => current ?? []);
      showToast({ title: 'Error', description: ROLE_MESSAGES.fetchFailed, variant: 'destructive' });
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function assign(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const plan = planAssignment(users ?? [], email, role);
    if (plan.kind === 'refuse') {
      showToast(plan.notice);
      return;
    }
    setBusy(true);
    try {
      const status = await assignRole(plan.email, plan.role);
      showToast(assignmentNotice(status, plan.role, plan.email));
      if (status === 'assigned') setEmail('');
    } catch {
      showToast(assignmentNotice('error', plan.role, plan.email));
    }
    await refresh();
    setBusy(false);
  }

  async function remove(user: AdminUser, removed: AppRole) {
    setBusy(true);
    try {
      showToast(removalNotice(await removeRole(user.userId, removed), removed));
    } catch {
      showToast(removalNotice('error', removed));
    }
    await refresh();
    setBusy(false);
  }

  return (
    <Panel
      title="Role Management"
      description="Give an account a role by its email address. Click a role badge to remove that role."
    >
      <form
        className="mt-5 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        onSubmit={(e) => void assign(e)}
        noValidate
      >
        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-slate-800">
            User email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="field mt-1"
          />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(e) => setRole(e.target.value as AppRole)}
            className="field mt-1"
          >
            {APP_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          Assign Role
        </button>
      </form>

      <h4
        id={`${id}-users`}
        className="mt-8 text-sm font-semibold tracking-wide text-slate-700 uppercase"
      >
        Users
      </h4>
      {users === null ? (
        <p role="status" className="mt-3 text-sm text-slate-600">
          Loading users…
        </p>
      ) : users.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No users to show.</p>
      ) : (
        <ul aria-labelledby={`${id}-users`} className="mt-3 divide-y divide-slate-200">
          {users.map((user) => (
            <li
              key={user.userId}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium break-all text-navy-900">{user.email}</p>
                {!user.emailConfirmed && (
                  <p className="text-sm text-amber-800">Email address not confirmed yet</p>
                )}
                {user.displayName && <p className="text-sm text-slate-600">{user.displayName}</p>}
              </div>
              <ul className="flex flex-wrap gap-1.5" aria-label={`Roles of ${user.email}`}>
                {user.roles.map((r) => (
                  <li key={r}>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => void remove(user, r)}
                      aria-label={`Remove ${r} role from ${user.email}`}
                      title={`Remove ${r} role`}
                      className={`badge min-h-7 gap-1 hover:opacity-80 disabled:opacity-60 ${BADGE[r]}`}
                    >
                      {r}
                      <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
