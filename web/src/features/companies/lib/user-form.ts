import { z } from 'zod';
import type { TUser } from '@cd/contracts/user';
import { isValidPhone, isValidProfilePassword } from '@cd/contracts/validators';

/**
 * The users tab's pure rules (spec part 2 §3, §5, §6): the add/edit dialog's values and checks, what an edit sends,
 * the change-password check and whom a deleted user's customers may go to. Error values are catalogue keys.
 */

export type TUserKind = 'none' | 'mechanic' | 'advisor';

export interface TUserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roles: string[];
  /** Mechanic and advisor are one choice, so a user can never be both. */
  kind: TUserKind;
  department: string;
  dtPersonId: string;
  cdkServiceAdvisorId: string;
  password: string;
  confirmPassword: string;
}
export type TUserField = keyof TUserFormValues;
export type TUserErrors = Partial<Record<TUserField, string>>;

/** What both the create and the PATCH call understand (the PATCH gets only the changed keys). */
export interface TUserFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  mechanic: boolean;
  advisor: boolean;
  department: string | null;
  dms: { dtPersonId: string | null; cdkServiceAdvisorId: string | null };
}

export const NAME_MAX = 100;
export const DEPARTMENT_MAX = 100;
export const DMS_ID_MAX = 100;
/** The server's own email check (contracts ZUserCreateSchema), so the browser never passes what the server refuses. */
const isEmail = (value: string) => z.email().safeParse(value).success;

/** The plain user role is implied and hidden (spec part 2 §6). */
export const hiddenRole = 'ROLE_USER';

export function visibleRoles(roles: readonly string[]): string[] {
  return roles.filter((r) => r !== hiddenRole);
}

/** Catalogue key of a role's label: ROLE_REAL_ESTATE → role_real_estate. */
export function roleLabelKey(role: string): string {
  return `role_${role.replace(/^ROLE_/, '').toLowerCase()}`;
}

/** Roles the dialog offers: the company's available ones, plus any the user already holds (so they show and can be removed). */
export function roleOptions(available: readonly string[], current: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const r of [...available, ...current]) if (r !== hiddenRole && !out.includes(r)) out.push(r);
  return out;
}

export function toUserFormValues(user?: TUser | null): TUserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    roles: visibleRoles(user?.roles ?? []),
    kind: user?.mechanic ? 'mechanic' : user?.advisor ? 'advisor' : 'none',
    department: user?.department ?? '',
    dtPersonId: user?.dms?.dtPersonId ?? '',
    cdkServiceAdvisorId: user?.dms?.cdkServiceAdvisorId ?? '',
    password: '',
    confirmPassword: '',
  };
}

/** Spec part 1 §5 / server rule: at least 8 characters with a number and an uppercase letter; both entries equal. */
export function checkPasswordPair(password: string, confirmPassword: string): { password?: string; confirmPassword?: string } {
  if (!password) return { password: 'field_required' };
  if (!isValidProfilePassword(password)) return { password: 'profile_password_rules' };
  if (password !== confirmPassword) return { confirmPassword: 'passwords_do_not_match' };
  return {};
}

export function parseUserForm(options: { values: TUserFormValues; creating: boolean; roleChoices: readonly string[] }): {
  errors: TUserErrors;
  fields: TUserFields | null;
} {
  const { values: v, creating, roleChoices } = options;
  const errors: TUserErrors = {};
  const firstName = v.firstName.trim();
  const lastName = v.lastName.trim();
  const email = v.email.trim().toLowerCase();
  const phone = v.phone.trim();
  const department = v.department.trim();
  const dtPersonId = v.dtPersonId.trim();
  const cdkServiceAdvisorId = v.cdkServiceAdvisorId.trim();

  if (!firstName) errors.firstName = 'field_required';
  else if (firstName.length > NAME_MAX) errors.firstName = 'value_too_long';
  if (lastName.length > NAME_MAX) errors.lastName = 'value_too_long';
  if (!email) errors.email = 'field_required';
  else if (!isEmail(email)) errors.email = 'email_invalid';
  else if (email.length > 254) errors.email = 'value_too_long';
  if (phone && !isValidPhone(phone)) errors.phone = 'phone_invalid';
  if (department.length > DEPARTMENT_MAX) errors.department = 'value_too_long';
  if (dtPersonId.length > DMS_ID_MAX) errors.dtPersonId = 'value_too_long';
  if (cdkServiceAdvisorId.length > DMS_ID_MAX) errors.cdkServiceAdvisorId = 'value_too_long';
  if (v.roles.some((r) => !roleChoices.includes(r))) errors.roles = 'user_role_not_available';
  if (creating) Object.assign(errors, checkPasswordPair(v.password, v.confirmPassword));

  if (Object.keys(errors).length > 0) return { errors, fields: null };
  return {
    errors,
    fields: {
      firstName,
      lastName,
      email,
      phone: phone || null,
      mechanic: v.kind === 'mechanic',
      advisor: v.kind === 'advisor',
      department: department || null,
      dms: { dtPersonId: dtPersonId || null, cdkServiceAdvisorId: cdkServiceAdvisorId || null },
    },
  };
}

/** Roles as the server stores them: the plain user role first, then the chosen ones in the dialog's order. */
export function rolesToSend(chosen: readonly string[]): string[] {
  return [hiddenRole, ...chosen.filter((r) => r !== hiddenRole)];
}

const sameRoles = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(visibleRoles(a));
  const y = new Set(visibleRoles(b));
  return x.size === y.size && [...x].every((r) => y.has(r));
};

/** An edit as calls: the PATCH body with only changed keys (dms: only the changed ids), and the roles when they changed. */
export function userEdit(user: TUser, fields: TUserFields, roles: readonly string[]): { patch: Partial<TUserFields>; roles: string[] | null } {
  const patch: Partial<TUserFields> = {};
  const before = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? null,
    mechanic: user.mechanic,
    advisor: user.advisor,
    department: user.department ?? null,
  };
  for (const key of Object.keys(before) as (keyof typeof before)[]) {
    if (before[key] !== fields[key]) (patch as Record<string, unknown>)[key] = fields[key];
  }
  const dms: Partial<TUserFields['dms']> = {};
  for (const key of ['dtPersonId', 'cdkServiceAdvisorId'] as const) {
    if ((user.dms?.[key] ?? null) !== fields.dms[key]) dms[key] = fields.dms[key];
  }
  if (Object.keys(dms).length > 0) patch.dms = dms as TUserFields['dms'];
  return { patch, roles: sameRoles(user.roles, roles) ? null : rolesToSend(roles) };
}

/** Who may receive a deleted user's customers: another enabled user of the company (spec part 2 §5). */
export function transferCandidates<T extends { id: number; enabled: boolean }>(users: readonly T[], deletingId: number): T[] {
  return users.filter((u) => u.id !== deletingId && u.enabled);
}

/** Server violation messages that have a catalogue key. */
const SERVER_MESSAGES: Record<string, string> = {
  'This email is already in use.': 'user_email_taken',
  'Email must contain an at-sign and a domain.': 'email_invalid',
  'This phone number is not valid.': 'phone_invalid',
  'A user cannot be both mechanic and advisor.': 'user_mechanic_and_advisor',
  'Password must be at least 8 characters with at least one number and one uppercase letter.': 'profile_password_rules',
  'The receiving user must belong to the same company.': 'user_transfer_invalid',
  'The receiving user must be enabled.': 'user_transfer_disabled',
  'You cannot delete yourself.': 'user_cannot_delete_self',
  'You cannot disable yourself.': 'user_cannot_disable_self',
  'You cannot remove your own company admin role.': 'user_cannot_drop_own_admin',
};

export function userMessageKey(message: string): string {
  if (SERVER_MESSAGES[message]) return SERVER_MESSAGES[message];
  if (message.startsWith('These roles are not available to this company')) return 'user_role_not_available';
  return message;
}

/** Where a server violation goes in the dialog (dms.* paths map to their inputs). */
export function userFieldOf(propertyPath: string): TUserField | null {
  const path = propertyPath.replace(/^dms\./, '').replace(/\.\d+$/, '');
  if (path === 'mechanic' || path === 'advisor') return 'kind';
  const fields: TUserField[] = ['firstName', 'lastName', 'email', 'phone', 'roles', 'department', 'dtPersonId', 'cdkServiceAdvisorId', 'password', 'confirmPassword'];
  return (fields as string[]).includes(path) ? (path as TUserField) : null;
}
