import { describe, expect, it } from 'vitest';
import type { TUser } from '@cd/contracts/user';
import {
  checkPasswordPair,
  parseUserForm,
  roleLabelKey,
  roleOptions,
  toUserFormValues,
  transferCandidates,
  userEdit,
  userFieldOf,
  userMessageKey,
  visibleRoles,
  type TUserFormValues,
} from './user-form';

const user = (over: Partial<TUser> = {}): TUser =>
  ({
    '@id': '/api/users/5',
    '@type': 'User',
    id: 5,
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'ana@x.example',
    phone: '+15555550100',
    roles: ['ROLE_USER', 'ROLE_COMMUNICATION'],
    company: '/api/companies/1',
    enabled: true,
    mechanic: false,
    advisor: true,
    department: 'Service',
    dms: { dtPersonId: 'DT1' },
    ...over,
  }) as TUser;

const values = (over: Partial<TUserFormValues> = {}): TUserFormValues => ({
  ...toUserFormValues(null),
  firstName: 'Nina',
  email: 'nina@x.example',
  password: 'Welcome12',
  confirmPassword: 'Welcome12',
  ...over,
});

const choices = ['ROLE_COMMUNICATION', 'ROLE_COMPANY_ADMIN'];

describe('roles', () => {
  it('hides the plain user role and labels roles by catalogue key', () => {
    expect(visibleRoles(['ROLE_USER', 'ROLE_OFFERS'])).toEqual(['ROLE_OFFERS']);
    expect(roleLabelKey('ROLE_REAL_ESTATE')).toBe('role_real_estate');
  });
  it('offers the company roles plus the ones the user already has', () => {
    expect(roleOptions(['ROLE_USER', 'ROLE_COMMUNICATION'], ['ROLE_USER', 'ROLE_OFFERS'])).toEqual(['ROLE_COMMUNICATION', 'ROLE_OFFERS']);
  });
});

describe('user form', () => {
  it('starts from the user, mechanic/advisor as one choice', () => {
    expect(toUserFormValues(user())).toMatchObject({ roles: ['ROLE_COMMUNICATION'], kind: 'advisor', dtPersonId: 'DT1', cdkServiceAdvisorId: '', password: '' });
    expect(toUserFormValues(user({ mechanic: true, advisor: false })).kind).toBe('mechanic');
  });

  it('requires first name, a valid email, a valid phone and a matching password of 8+ on create', () => {
    const r = parseUserForm({ values: values({ firstName: ' ', email: 'nope', phone: '123', password: 'short', confirmPassword: '' }), creating: true, roleChoices: choices });
    expect(r.errors).toEqual({ firstName: 'field_required', email: 'email_invalid', phone: 'phone_invalid', password: 'profile_password_rules' });
    expect(parseUserForm({ values: values({ confirmPassword: 'Welcome13' }), creating: true, roleChoices: choices }).errors).toEqual({ confirmPassword: 'passwords_do_not_match' });
    expect(parseUserForm({ values: values({ password: '', confirmPassword: '' }), creating: true, roleChoices: choices }).errors).toEqual({ password: 'field_required' });
    // Editing has no password fields.
    expect(parseUserForm({ values: values({ password: '', confirmPassword: '' }), creating: false, roleChoices: choices }).errors).toEqual({});
  });

  it('refuses roles the company does not offer', () => {
    expect(parseUserForm({ values: values({ roles: ['ROLE_OFFERS'] }), creating: true, roleChoices: choices }).errors.roles).toBe('user_role_not_available');
  });

  it('trims, lowercases the email and turns blanks into null', () => {
    const r = parseUserForm({ values: values({ email: ' Nina@X.example ', kind: 'mechanic', department: ' ', dtPersonId: ' 7 ' }), creating: true, roleChoices: choices });
    expect(r.fields).toEqual({
      firstName: 'Nina',
      lastName: '',
      email: 'nina@x.example',
      phone: null,
      mechanic: true,
      advisor: false,
      department: null,
      dms: { dtPersonId: '7', cdkServiceAdvisorId: null },
    });
  });
});

describe('editing', () => {
  const fieldsOf = (over: Partial<TUserFormValues>) => parseUserForm({ values: { ...toUserFormValues(user()), ...over }, creating: false, roleChoices: choices }).fields!;

  it('sends nothing when nothing changed', () => {
    expect(userEdit(user(), fieldsOf({}), ['ROLE_COMMUNICATION'])).toEqual({ patch: {}, roles: null });
  });

  it('sends only changed keys, only the changed dms id, and roles with the plain user role when they changed', () => {
    const e = userEdit(user(), fieldsOf({ lastName: 'Lopes', kind: 'mechanic', cdkServiceAdvisorId: 'C9' }), ['ROLE_COMPANY_ADMIN']);
    expect(e.patch).toEqual({ lastName: 'Lopes', mechanic: true, advisor: false, dms: { cdkServiceAdvisorId: 'C9' } });
    expect(e.roles).toEqual(['ROLE_USER', 'ROLE_COMPANY_ADMIN']);
  });
});

describe('passwords and transfer', () => {
  it('checks the change-password pair', () => {
    expect(checkPasswordPair('Welcome12', 'Welcome12')).toEqual({});
    expect(checkPasswordPair('Welcome12', 'welcome12')).toEqual({ confirmPassword: 'passwords_do_not_match' });
    expect(checkPasswordPair('welcome12', 'welcome12')).toEqual({ password: 'profile_password_rules' });
  });

  it('offers other enabled users as receivers', () => {
    const list = [
      { id: 1, enabled: true },
      { id: 2, enabled: false },
      { id: 3, enabled: true },
    ];
    expect(transferCandidates(list, 1).map((u) => u.id)).toEqual([3]);
  });

  it('maps server violations to fields and catalogue keys', () => {
    expect(userFieldOf('dms.dtPersonId')).toBe('dtPersonId');
    expect(userFieldOf('roles.0')).toBe('roles');
    expect(userFieldOf('advisor')).toBe('kind');
    expect(userFieldOf('transferTo')).toBeNull();
    expect(userMessageKey('This email is already in use.')).toBe('user_email_taken');
    expect(userMessageKey('These roles are not available to this company: ROLE_X.')).toBe('user_role_not_available');
  });
});
