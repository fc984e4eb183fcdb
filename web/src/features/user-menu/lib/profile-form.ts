import { splitFullName, splitRecipients, type TNotificationSettings, type TProfileForm, type TUser, type TUserPatch } from '@cd/contracts/user';

type TTheme = TProfileForm['theme'];

/** Form values for the signed-in user; the theme is the browser's current choice (it applies at once). */
export function profileFormFromUser(me: TUser, theme: TTheme): TProfileForm {
  const n = me.notificationSettings;
  return {
    fullName: [me.firstName, me.lastName].filter((p) => p && p.trim()).join(' '),
    email: me.email,
    phone: me.phone ?? '',
    changePassword: false,
    password: '',
    confirmPassword: '',
    theme,
    notifyEmail: n.email,
    emailRecipients: n.emailRecipients.join(', '),
    notifySms: n.sms,
    smsRecipients: n.smsRecipients.join(', '),
    notifyPush: n.push,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Notification settings the form stands for; a list whose toggle is off keeps what was saved. */
function settingsOf(v: TProfileForm, saved: TNotificationSettings): TNotificationSettings {
  return {
    email: v.notifyEmail,
    emailRecipients: v.notifyEmail ? splitRecipients(v.emailRecipients) : saved.emailRecipients,
    sms: v.notifySms,
    smsRecipients: v.notifySms ? splitRecipients(v.smsRecipients) : saved.smsRecipients,
    push: v.notifyPush,
  };
}

/**
 * The merge-patch for what changed (spec part 1 §5): the full name split into first and last name, the password
 * only when non-blank in an open section, the theme only when it changed (and only for one's own account: an
 * impersonated user's theme is theirs). `{}` means "no changes".
 */
export function buildProfilePatch(opts: {
  user: TUser;
  initial: TProfileForm;
  values: TProfileForm;
  saveTheme: boolean;
}): TUserPatch {
  const { user, initial, values: v } = opts;
  const patch: TUserPatch = {};
  const [firstName, lastName] = splitFullName(v.fullName);
  if (firstName !== user.firstName) patch.firstName = firstName;
  if (lastName !== user.lastName) patch.lastName = lastName;
  const email = v.email.trim().toLowerCase();
  if (email !== user.email.toLowerCase()) patch.email = email;
  const phone = v.phone.trim() || null;
  if (phone !== (user.phone ?? null)) patch.phone = phone;
  if (v.changePassword && v.password !== '') patch.password = v.password;
  const saved = user.notificationSettings;
  const next = settingsOf(v, saved);
  if (
    next.email !== saved.email ||
    next.sms !== saved.sms ||
    next.push !== saved.push ||
    !sameList(next.emailRecipients, saved.emailRecipients) ||
    !sameList(next.smsRecipients, saved.smsRecipients)
  )
    patch.notificationSettings = next;
  if (opts.saveTheme && v.theme !== initial.theme) patch.theme = v.theme;
  return patch;
}

/** Server violation path → the form field that shows it (`notificationSettings.emailRecipients.2` → emailRecipients). */
export function profileFieldOf(propertyPath: string): keyof TProfileForm | null {
  const [head, sub] = propertyPath.split('.');
  if (head === 'firstName' || head === 'lastName') return 'fullName';
  if (head === 'email' || head === 'phone' || head === 'password' || head === 'theme') return head;
  if (head === 'notificationSettings') {
    if (sub === 'emailRecipients' || sub === 'email') return 'emailRecipients';
    if (sub === 'smsRecipients' || sub === 'sms') return 'smsRecipients';
  }
  return null;
}
