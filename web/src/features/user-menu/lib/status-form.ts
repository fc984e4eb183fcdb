import { BE_BACK_UNSPECIFIED, type TAwayStateInput, type TStatusForm, type TUser } from '@cd/contracts/user';

type TAwayStateValue = TUser['awayState'];

/**
 * The dialog's starting values for the user's current state. Away without a return time shows "unspecified";
 * a scheduled return is told as a sentence, so its be-back-in starts empty (choosing one sets a new time).
 */
export function statusFormFromState(s: TAwayStateValue): TStatusForm {
  return {
    status: s.status,
    beBackIn: s.status !== 'ONLINE' && s.backAt === null ? String(BE_BACK_UNSPECIFIED) : '',
    awayText: s.status === 'AWAY' ? (s.awayText ?? '') : '',
    transferToUserId: s.status === 'AWAY_WITH_TRANSFER' && s.transferToUserId !== null ? String(s.transferToUserId) : '',
  };
}

/** Spec part 1 §5: saving what is already the state gives the "no changes" warning (and no call). */
export function isStatusUnchanged(initial: TStatusForm, v: TStatusForm): boolean {
  if (v.status !== initial.status) return false;
  if (v.status === 'ONLINE') return true;
  if (v.beBackIn !== initial.beBackIn) return false;
  if (v.status === 'AWAY') return v.awayText.trim() === initial.awayText.trim();
  return v.transferToUserId === initial.transferToUserId;
}

/** now + the chosen minutes, in UTC; null for "unspecified" (-1) (spec part 1 §4). */
export function backAtFor(beBackIn: string, now: Date): string | null {
  const minutes = Number(beBackIn);
  if (beBackIn === '' || !Number.isFinite(minutes) || minutes === BE_BACK_UNSPECIFIED) return null;
  return new Date(now.getTime() + minutes * 60_000).toISOString();
}

/** The PATCH body's awayState; the colleague id travels as a string (spec part 1 §5). */
export function toAwayState(v: TStatusForm, now: Date): TAwayStateInput {
  if (v.status === 'ONLINE') return { status: 'ONLINE', backAt: null, awayText: null, transferToUserId: null };
  return {
    status: v.status,
    backAt: backAtFor(v.beBackIn, now),
    awayText: v.status === 'AWAY' ? v.awayText.trim() : null,
    transferToUserId: v.status === 'AWAY_WITH_TRANSFER' ? v.transferToUserId : null,
  };
}

/** The scheduled return shown in the dialog, when there is one. */
export function scheduledReturn(s: TAwayStateValue): string | null {
  return s.status !== 'ONLINE' && s.backAt ? s.backAt : null;
}

/** Server violation path (`awayState.awayText`) → form field. */
export function statusFieldOf(propertyPath: string): keyof TStatusForm | null {
  const field = propertyPath.replace(/^awayState\./, '');
  if (field === 'backAt') return 'beBackIn';
  return field === 'status' || field === 'awayText' || field === 'transferToUserId' ? field : null;
}
