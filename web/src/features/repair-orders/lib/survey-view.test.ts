import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TAutomatedMessage } from '@cd/contracts/automated-message';
import type { TLiveEvent } from '@cd/contracts/live';
import { SURVEY_CANCEL_REASONS, type TSurvey } from '@cd/contracts/survey';
import en from '../../../locales/en/translation.json';
import { repairOrderKeys } from '../api/query-keys';
import { handleRepairOrdersLiveEvent } from './live';
import {
  canSendAutomatedMessageNow,
  isFollowUpOverdue,
  mergeNewestFirst,
  reviewClicksOf,
  surveyCancelReasonKeyOf,
  surveySendsAtOf,
  surveyStatusOf,
} from './survey-view';

const message = (id: number, over: Partial<TAutomatedMessage>) =>
  ({ id, kind: 'survey', state: 'planned', dueAt: null, heldUntil: null, createdAt: '2026-11-20T10:00:00Z', ...over }) as TAutomatedMessage;

describe('send now', () => {
  it('is offered to company admins on messages that still wait', () => {
    expect(canSendAutomatedMessageNow({ message: { state: 'planned' }, isAdmin: true })).toBe(true);
    expect(canSendAutomatedMessageNow({ message: { state: 'held_quiet_hours' }, isAdmin: true })).toBe(true);
    expect(canSendAutomatedMessageNow({ message: { state: 'planned' }, isAdmin: false })).toBe(false);
    for (const state of ['held_safe_mode', 'sent', 'cancelled', 'failed', 'skipped_opted_out'] as const) {
      expect(canSendAutomatedMessageNow({ message: { state }, isAdmin: true })).toBe(false);
    }
  });
});

describe('mergeNewestFirst', () => {
  it('merges the order and survey lists newest first, each row once', () => {
    const a = message(1, { createdAt: '2026-11-20T10:00:00Z' });
    const b = message(2, { createdAt: '2026-11-22T10:00:00Z' });
    const c = message(3, { createdAt: '2026-11-21T10:00:00Z' });
    expect(mergeNewestFirst([[a, c], undefined, [b, a]]).map((m) => m.id)).toEqual([2, 3, 1]);
  });
});

describe('surveySendsAtOf', () => {
  it("reads the survey text's waiting time, not the reminder's, and the end of quiet hours while held", () => {
    expect(surveySendsAtOf([message(1, { kind: 'survey_resend', dueAt: '2026-11-30T09:00:00Z' }), message(2, { dueAt: '2026-11-25T09:00:00Z' })])).toBe(
      '2026-11-25T09:00:00Z',
    );
    expect(surveySendsAtOf([message(2, { state: 'held_quiet_hours', dueAt: '2026-11-25T06:00:00Z', heldUntil: '2026-11-25T08:00:00Z' })])).toBe(
      '2026-11-25T08:00:00Z',
    );
    expect(surveySendsAtOf([message(2, { state: 'sent', dueAt: '2026-11-25T09:00:00Z' })])).toBeNull();
    expect(surveySendsAtOf(undefined)).toBeNull();
  });
});

describe('survey status', () => {
  it('names each state, and an answered survey by its answer', () => {
    expect(surveyStatusOf({ state: 'planned', answer: null })).toEqual({ labelKey: 'order_survey_state_planned', color: 'info' });
    expect(surveyStatusOf({ state: 'completed', answer: true })).toEqual({ labelKey: 'order_survey_answer_positive', color: 'success' });
    expect(surveyStatusOf({ state: 'completed', answer: false })).toEqual({ labelKey: 'order_survey_answer_negative', color: 'error' });
  });

  it('words every cancel reason, and an unknown one generically', () => {
    for (const key of Object.values(SURVEY_CANCEL_REASONS)) {
      expect(surveyCancelReasonKeyOf({ cancelReason: key })).toBe(key);
      expect(en).toHaveProperty(key);
    }
    expect(surveyCancelReasonKeyOf({ cancelReason: 'survey_cancelled_by_martians' })).toBe(SURVEY_CANCEL_REASONS.other);
    expect(surveyCancelReasonKeyOf({ cancelReason: null })).toBe(SURVEY_CANCEL_REASONS.other);
  });

  it('lists opened review links in site order and flags an overdue follow-up', () => {
    expect(reviewClicksOf({ reviewClicks: { google: null, yelp: '2026-11-21T10:00:00Z', facebook: '2026-11-20T10:00:00Z' } })).toEqual([
      { site: 'yelp', at: '2026-11-21T10:00:00Z' },
      { site: 'facebook', at: '2026-11-20T10:00:00Z' },
    ]);
    const followUp = { '@id': '/api/tasks/1', id: 1, assignee: null, dueAt: '2026-11-21T10:00:00Z', doneAt: null };
    expect(isFollowUpOverdue({ followUp, now: new Date('2026-11-21T10:00:01Z') })).toBe(true);
    expect(isFollowUpOverdue({ followUp, now: new Date('2026-11-21T09:59:59Z') })).toBe(false);
    expect(isFollowUpOverdue({ followUp: { ...followUp, doneAt: '2026-11-21T09:00:00Z' }, now: new Date('2026-11-22T00:00:00Z') })).toBe(false);
  });
});

describe('survey live events', () => {
  const survey = (over: Partial<TSurvey>) => ({ id: 9, state: 'pending', updatedAt: '2026-11-21T10:00:00Z', ...over }) as TSurvey;
  const event = (data: unknown, kind: TLiveEvent['event'] = 'updated'): TLiveEvent => ({
    event: kind,
    entity: 'survey',
    action: null,
    data,
    changes: null,
    id: '1',
    extra: null,
  });

  it('replaces the survey an order screen shows, not an older version and not one nobody shows', () => {
    const qc = new QueryClient();
    qc.setQueryData(repairOrderKeys.survey(9), survey({}));
    expect(handleRepairOrdersLiveEvent(qc, event(survey({ state: 'completed', updatedAt: '2026-11-21T11:00:00Z' })))).toBe(true);
    expect(qc.getQueryData<TSurvey>(repairOrderKeys.survey(9))?.state).toBe('completed');
    handleRepairOrdersLiveEvent(qc, event(survey({ state: 'pending', updatedAt: '2026-11-21T10:30:00Z' })));
    expect(qc.getQueryData<TSurvey>(repairOrderKeys.survey(9))?.state).toBe('completed');
    handleRepairOrdersLiveEvent(qc, event(survey({ id: 10 })));
    expect(qc.getQueryData(repairOrderKeys.survey(10))).toBeUndefined();
  });

  it('refetches the shown surveys on other survey events', async () => {
    const qc = new QueryClient();
    qc.setQueryData(repairOrderKeys.survey(9), survey({}));
    expect(handleRepairOrdersLiveEvent(qc, event({ id: 9 }, 'removed'))).toBe(true);
    expect(qc.getQueryState(repairOrderKeys.survey(9))?.isInvalidated).toBe(true);
    await qc.cancelQueries();
  });
});
