import { describe, expect, it } from 'vitest';
import { canImpersonate } from './roles';
import { invalidRecipients, splitFullName, splitRecipients, ZImpersonationFormSchema, ZProfileFormSchema, ZStatusFormSchema } from './user';

const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('status form', () => {
  const base = { status: 'ONLINE' as const, beBackIn: '', awayText: '', transferToUserId: '' };
  it('ONLINE needs nothing else', () => expect(ZStatusFormSchema.safeParse(base).success).toBe(true));
  it('AWAY needs be-back-in and a text', () => {
    expect(paths(ZStatusFormSchema.safeParse({ ...base, status: 'AWAY' }))).toEqual(['beBackIn:field_required', 'awayText:field_required']);
    expect(paths(ZStatusFormSchema.safeParse({ ...base, status: 'AWAY', beBackIn: '-1', awayText: '   ' }))).toEqual(['awayText:field_required']);
    expect(ZStatusFormSchema.safeParse({ ...base, status: 'AWAY', beBackIn: '15', awayText: 'Back soon' }).success).toBe(true);
  });
  it('AWAY_WITH_TRANSFER needs a colleague, not a text', () => {
    expect(paths(ZStatusFormSchema.safeParse({ ...base, status: 'AWAY_WITH_TRANSFER', beBackIn: '5' }))).toEqual(['transferToUserId:field_required']);
    expect(ZStatusFormSchema.safeParse({ ...base, status: 'AWAY_WITH_TRANSFER', beBackIn: '60', transferToUserId: '12' }).success).toBe(true);
  });
  it('refuses be-back-in values that are not offered', () => {
    expect(ZStatusFormSchema.safeParse({ ...base, status: 'AWAY', beBackIn: '7', awayText: 'x' }).success).toBe(false);
  });
});

describe('profile form', () => {
  const base = {
    fullName: 'Alex Carter',
    email: 'alex@example.com',
    phone: '',
    changePassword: false,
    password: '',
    confirmPassword: '',
    theme: 'dark' as const,
    notifyEmail: false,
    emailRecipients: '',
    notifySms: false,
    smsRecipients: '',
    notifyPush: false,
  };
  it('accepts a plain profile', () => expect(ZProfileFormSchema.safeParse(base).success).toBe(true));
  it('needs a name and a valid email and phone', () => {
    expect(paths(ZProfileFormSchema.safeParse({ ...base, fullName: '  ', email: 'nope', phone: '123' }))).toEqual([
      'fullName:field_required',
      'email:email_invalid',
      'phone:phone_invalid',
    ]);
  });
  it('checks the password only when the section is open and something was typed', () => {
    expect(ZProfileFormSchema.safeParse({ ...base, password: 'weak' }).success).toBe(true);
    expect(ZProfileFormSchema.safeParse({ ...base, changePassword: true }).success).toBe(true);
    expect(paths(ZProfileFormSchema.safeParse({ ...base, changePassword: true, password: 'lowercase1', confirmPassword: 'lowercase1' }))).toEqual([
      'password:profile_password_rules',
    ]);
    expect(paths(ZProfileFormSchema.safeParse({ ...base, changePassword: true, password: 'NoDigitsHere' }))).toEqual(['password:profile_password_rules']);
    expect(paths(ZProfileFormSchema.safeParse({ ...base, changePassword: true, password: 'Short1A', confirmPassword: 'Short1A' }))).toEqual([
      'password:profile_password_rules',
    ]);
    expect(paths(ZProfileFormSchema.safeParse({ ...base, changePassword: true, password: 'Welcome12', confirmPassword: 'Welcome13' }))).toEqual([
      'confirmPassword:profile_passwords_must_match',
    ]);
    expect(ZProfileFormSchema.safeParse({ ...base, changePassword: true, password: 'Welcome12', confirmPassword: 'Welcome12' }).success).toBe(true);
  });
  it('checks recipient lists only while their toggle is on', () => {
    expect(ZProfileFormSchema.safeParse({ ...base, emailRecipients: 'junk' }).success).toBe(true);
    expect(paths(ZProfileFormSchema.safeParse({ ...base, notifyEmail: true, emailRecipients: 'a@b.example, junk' }))).toEqual([
      'emailRecipients:profile_email_recipients_invalid',
    ]);
    expect(paths(ZProfileFormSchema.safeParse({ ...base, notifySms: true, smsRecipients: '+15555550101, 12' }))).toEqual([
      'smsRecipients:profile_sms_recipients_invalid',
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `u${i}@x.example`).join(',');
    expect(paths(ZProfileFormSchema.safeParse({ ...base, notifyEmail: true, emailRecipients: many }))).toEqual(['emailRecipients:profile_too_many_recipients']);
    expect(ZProfileFormSchema.safeParse({ ...base, notifyEmail: true, emailRecipients: ' a@b.example ,, c@d.example ' }).success).toBe(true);
  });
});

describe('helpers', () => {
  it('splits the full name on the first space', () => {
    expect(splitFullName('Ana Maria  Lopez ')).toEqual(['Ana', 'Maria Lopez']);
    expect(splitFullName('Cher')).toEqual(['Cher', '']);
  });
  it('splits recipient lists and names the invalid entries', () => {
    expect(splitRecipients(' a@b.example, ,c@d.example,')).toEqual(['a@b.example', 'c@d.example']);
    expect(invalidRecipients('a@b.example, nope', 'email')).toEqual(['nope']);
    expect(invalidRecipients('+15555550101, +1', 'sms')).toEqual(['+1']);
  });
});

describe('impersonation rank rules', () => {
  const root = { id: 1, companyId: null, roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'] };
  const admin = { id: 2, companyId: 10, roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'] };
  const admin2 = { id: 3, companyId: 10, roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'] };
  const agent = { id: 4, companyId: 10, roles: ['ROLE_USER', 'ROLE_COMMUNICATION'] };
  const agent2 = { id: 5, companyId: 10, roles: ['ROLE_USER'] };
  const otherAgent = { id: 6, companyId: 11, roles: ['ROLE_USER'] };
  const otherAdmin = { id: 7, companyId: 11, roles: ['ROLE_USER', 'ROLE_COMPANY_ADMIN'] };

  it('super admins may impersonate anyone enabled', () => {
    for (const target of [admin, agent, otherAdmin, { ...root, id: 99 }]) expect(canImpersonate(root, target)).toBe(true);
    expect(canImpersonate(root, { ...agent, enabled: false })).toBe(false);
  });
  it('company admins: their company (admins too), never a super admin or another company', () => {
    expect(canImpersonate(admin, agent)).toBe(true);
    expect(canImpersonate(admin, admin2)).toBe(true);
    expect(canImpersonate(admin, root)).toBe(false);
    expect(canImpersonate(admin, otherAgent)).toBe(false);
    expect(canImpersonate(admin, otherAdmin)).toBe(false);
  });
  it('users: only non-admin colleagues', () => {
    expect(canImpersonate(agent, agent2)).toBe(true);
    expect(canImpersonate(agent, admin)).toBe(false);
    expect(canImpersonate(agent, root)).toBe(false);
    expect(canImpersonate(agent, otherAgent)).toBe(false);
    expect(canImpersonate(agent, { ...agent2, enabled: false })).toBe(false);
  });
  it('oneself is always allowed (switching back)', () => expect(canImpersonate(agent, agent)).toBe(true));
});

describe('impersonation form', () => {
  it('needs a user', () => {
    expect(paths(ZImpersonationFormSchema.safeParse({ company: null, userId: null }))).toEqual(['userId:field_required']);
    expect(ZImpersonationFormSchema.safeParse({ company: { id: 1, name: 'Demo' }, userId: 4 }).success).toBe(true);
  });
});
