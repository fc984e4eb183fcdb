import { describe, expect, it } from 'vitest';
import type { TUser } from '@cd/contracts/user';
import { buildProfilePatch, profileFieldOf, profileFormFromUser } from './profile-form';

const user: TUser = {
  '@id': '/api/users/4',
  '@type': 'User',
  id: 4,
  firstName: 'Alex',
  lastName: 'Carter',
  email: 'agent@motors.example.com',
  phone: '+15555550102',
  roles: ['ROLE_USER'],
  company: '/api/companies/1',
  enabled: true,
  mechanic: false,
  advisor: false,
  department: null,
  dms: {},
  awayState: { status: 'ONLINE', backAt: null, awayText: null, transferToUserId: null },
  notificationSettings: { email: true, emailRecipients: ['a@b.example'], sms: false, smsRecipients: ['+15555550103'], push: false },
  theme: 'dark',
  language: 'en',
  createdAt: '2026-01-01T00:00:00Z',
};

const initial = profileFormFromUser(user, 'dark');
const patch = (values: Partial<typeof initial>, saveTheme = true) => buildProfilePatch({ user, initial, values: { ...initial, ...values }, saveTheme });

describe('profile form', () => {
  it('starts from the user, recipient lists comma-separated', () => {
    expect(initial).toMatchObject({ fullName: 'Alex Carter', phone: '+15555550102', emailRecipients: 'a@b.example', smsRecipients: '+15555550103', notifyEmail: true });
  });

  it('is empty when nothing changed (including a password typed into a closed section)', () => {
    expect(patch({})).toEqual({});
    expect(patch({ password: 'Welcome12', confirmPassword: 'Welcome12' })).toEqual({});
    expect(patch({ changePassword: true })).toEqual({});
    expect(patch({ fullName: '  Alex   Carter ', email: 'AGENT@motors.example.com' })).toEqual({});
    // A recipient list edited while its toggle stays off is not saved.
    expect(patch({ smsRecipients: 'junk' })).toEqual({});
  });

  it('splits the full name on the first space', () => {
    expect(patch({ fullName: 'Ana Maria Lopez' })).toEqual({ firstName: 'Ana', lastName: 'Maria Lopez' });
    expect(patch({ fullName: 'Alex' })).toEqual({ lastName: '' });
  });

  it('sends the password only when the section is open and it is non-blank', () => {
    expect(patch({ changePassword: true, password: 'Welcome12', confirmPassword: 'Welcome12' })).toEqual({ password: 'Welcome12' });
  });

  it('sends email, phone (blank → null) and theme changes', () => {
    expect(patch({ email: ' New@Example.com ', phone: '' })).toEqual({ email: 'new@example.com', phone: null });
    expect(patch({ theme: 'light' })).toEqual({ theme: 'light' });
    expect(patch({ theme: 'light' }, false)).toEqual({});
  });

  it('sends the whole notification settings when any part changed', () => {
    expect(patch({ notifySms: true, smsRecipients: '+15555550103, +15555550104 ,' })).toEqual({
      notificationSettings: { email: true, emailRecipients: ['a@b.example'], sms: true, smsRecipients: ['+15555550103', '+15555550104'], push: false },
    });
    expect(patch({ notifyPush: true }).notificationSettings).toMatchObject({ push: true });
    expect(patch({ emailRecipients: 'a@b.example, c@d.example' }).notificationSettings?.emailRecipients).toEqual(['a@b.example', 'c@d.example']);
  });

  it('maps server violations to the fields that show them', () => {
    expect(profileFieldOf('lastName')).toBe('fullName');
    expect(profileFieldOf('email')).toBe('email');
    expect(profileFieldOf('notificationSettings.emailRecipients.2')).toBe('emailRecipients');
    expect(profileFieldOf('notificationSettings.smsRecipients.0')).toBe('smsRecipients');
    expect(profileFieldOf('awayState')).toBeNull();
  });
});
