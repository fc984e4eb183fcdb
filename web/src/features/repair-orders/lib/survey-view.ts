import type { TAutomatedMessage, TAutomatedMessageState } from '@cd/contracts/automated-message';
import { REVIEW_SITES, SURVEY_CANCEL_REASONS, type TReviewSite, type TSurvey } from '@cd/contracts/survey';

type TChipColor = 'default' | 'info' | 'success' | 'warning' | 'error';

/** States in which a message still waits for its time, so a company admin may send it at once (server: send_now). */
const WAITING_STATES: readonly TAutomatedMessageState[] = ['planned', 'held_quiet_hours'];

export function canSendAutomatedMessageNow(options: { message: Pick<TAutomatedMessage, 'state'>; isAdmin: boolean }): boolean {
  return options.isAdmin && WAITING_STATES.includes(options.message.state);
}

/** When a waiting message goes out: the end of quiet hours while held, its due time otherwise. */
export function scheduledAtOf(message: Pick<TAutomatedMessage, 'dueAt' | 'heldUntil'>): string | null {
  return message.heldUntil ?? message.dueAt;
}

/** Several lists (an order's and its survey's) as one, newest first, each row once. */
export function mergeNewestFirst<T extends { id: number; createdAt: string }>(lists: readonly (readonly T[] | undefined)[]): T[] {
  const byId = new Map<number, T>();
  for (const list of lists) for (const row of list ?? []) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** When a planned survey will be sent: its own (not the reminder's) waiting automated message; null when none waits. */
export function surveySendsAtOf(messages: readonly TAutomatedMessage[] | undefined): string | null {
  const waiting = (messages ?? []).find((m) => m.kind === 'survey' && WAITING_STATES.includes(m.state));
  return waiting ? scheduledAtOf(waiting) : null;
}

export interface TSurveyStatusView {
  labelKey: string;
  color: TChipColor;
}

/** The chip of a survey: its state, or for an answered one whether the answer was positive or negative. */
export function surveyStatusOf(survey: Pick<TSurvey, 'state' | 'answer'>): TSurveyStatusView {
  switch (survey.state) {
    case 'planned':
      return { labelKey: 'order_survey_state_planned', color: 'info' };
    case 'pending':
      return { labelKey: 'order_survey_state_pending', color: 'warning' };
    case 'cancelled':
      return { labelKey: 'order_survey_state_cancelled', color: 'default' };
    case 'completed':
      return survey.answer === false
        ? { labelKey: 'order_survey_answer_negative', color: 'error' }
        : { labelKey: 'order_survey_answer_positive', color: 'success' };
  }
}

const KNOWN_CANCEL_REASONS = new Set<string>(Object.values(SURVEY_CANCEL_REASONS));

/** The i18n key of why a survey was not sent; an unknown key from a newer server falls back to the generic one. */
export function surveyCancelReasonKeyOf(survey: Pick<TSurvey, 'cancelReason'>): string {
  return survey.cancelReason && KNOWN_CANCEL_REASONS.has(survey.cancelReason) ? survey.cancelReason : SURVEY_CANCEL_REASONS.other;
}

/** Review links the customer opened from the thanks page, in the sites' usual order. */
export function reviewClicksOf(survey: Pick<TSurvey, 'reviewClicks'>): { site: TReviewSite; at: string }[] {
  return REVIEW_SITES.flatMap((site) => {
    const at = survey.reviewClicks[site];
    return at ? [{ site, at }] : [];
  });
}

/** A follow-up task not done by its due time. */
export function isFollowUpOverdue(options: { followUp: NonNullable<TSurvey['followUp']>; now: Date }): boolean {
  return options.followUp.doneAt === null && new Date(options.followUp.dueAt).getTime() < options.now.getTime();
}
