/**
 * Plain logic of the role-management panel: reading the user list, deciding what an assignment
 * would do, and the spec's messages for each outcome.
 */
import { parseRoles, type AppRole } from '../auth';
import type { ToastVariant } from '../../stores/toast';

/** One account as admin_list_users() returns it. */
export interface AdminUser {
  userId: string;
  email: string;
  displayName: string | null;
  /** Whether the address was confirmed; roles go only to confirmed addresses. */
  emailConfirmed: boolean;
  roles: AppRole[];
}

/** A toast to show: title, text and tone. */
export interface Notice {
  title: string;
  description: string;
  variant: ToastVariant;
}

export const ROLE_MESSAGES = {
  fetchFailed: 'Failed to fetch users',
  emailRequired: 'Please enter an email address',
  notFound: 'User not found. They must sign up first.',
  assignFailed: 'Failed to assign role',
  removeFailed: 'Failed to remove role',
  lastAdmin: 'The last admin cannot be removed. Make someone else an admin first.',
  unconfirmed:
    'That address is not confirmed yet. Roles go only to accounts whose owner confirmed their email.',
} as const;

/** The rows of admin_list_users(), dropping anything malformed. */
export function parseAdminUsers(data: unknown): AdminUser[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row: Record<string, unknown>) => {
    if (typeof row?.user_id !== 'string') return [];
    return [
      {
        userId: row.user_id,
        email: typeof row.email === 'string' ? row.email : '',
        displayName: typeof row.display_name === 'string' ? row.display_name : null,
        // Older databases do not say; the database still checks on assignment.
        emailConfirmed: row.email_confirmed !== false,
        roles: parseRoles(row.roles),
      },
    ];
  });
}

/** The loaded account with this address, compared case-insensitively. */
export function findUserByEmail(users: readonly AdminUser[], email: string): AdminUser | undefined {
  const wanted = email.trim().toLowerCase();
  return users.find((u) => u.email.toLowerCase() === wanted);
}

export type AssignmentPlan =
  { kind: 'refuse'; notice: Notice } | { kind: 'assign'; email: string; role: AppRole };

/**
 * What assigning `role` to `email` should do given the loaded list: refuse with the spec's
 * message (empty address, unknown account, role already held) or go ahead. The database checks
 * again, so a stale list only costs a message from the server instead.
 */
export function planAssignment(
  users: readonly AdminUser[],
  email: string,
  role: AppRole,
): AssignmentPlan {
  const address = email.trim();
  if (!address) return { kind: 'refuse', notice: error(ROLE_MESSAGES.emailRequired) };
  const user = findUserByEmail(users, address);
  if (!user) return { kind: 'refuse', notice: error(ROLE_MESSAGES.notFound) };
  if (!user.emailConfirmed) return { kind: 'refuse', notice: error(ROLE_MESSAGES.unconfirmed) };
  if (user.roles.includes(role)) return { kind: 'refuse', notice: alreadyHas(role) };
  return { kind: 'assign', email: address, role };
}

/** The message for admin_assign_role's status. */
export function assignmentNotice(status: unknown, role: AppRole, email: string): Notice {
  switch (status) {
    case 'assigned':
      return {
        title: 'Role assigned',
        description: `${role} role assigned to ${email}`,
        variant: 'success',
      };
    case 'already_has_role':
      return alreadyHas(role);
    case 'user_not_found':
      return error(ROLE_MESSAGES.notFound);
    case 'email_unconfirmed':
      return error(ROLE_MESSAGES.unconfirmed);
    case 'email_required':
      return error(ROLE_MESSAGES.emailRequired);
    default:
      return error(ROLE_MESSAGES.assignFailed);
  }
}

/** The message for admin_remove_role's status. */
export function removalNotice(status: unknown, role: AppRole): Notice {
  if (status === 'removed') {
    return { title: 'Role removed', description: `${role} role removed`, variant: 'success' };
  }
  if (status === 'last_admin') {
    return {
      title: ROLE_MESSAGES.removeFailed,
      description: ROLE_MESSAGES.lastAdmin,
      variant: 'destructive',
    };
  }
  return error(ROLE_MESSAGES.removeFailed);
}

function alreadyHas(role: AppRole): Notice {
  return { title: 'No change', description: `User already has ${role} role`, variant: 'info' };
}

function error(description: string): Notice {
  return { title: 'Error', description, variant: 'destructive' };
}
