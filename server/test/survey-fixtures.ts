import { sql } from 'drizzle-orm';
import { runInScope } from '../src/db/client';
import type { TTestApp } from './helpers';
import { setSurveySettings } from './repair-order-fixtures';

/** Runs the company's waiting automated messages now (their jobs' time moved to now), then the outbox: no sleeping. */
export async function runAutomatedMessagesNow(t: TTestApp, companyId: number): Promise<void> {
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(sql`update outbox_jobs set run_at = now() where company_id = ${companyId} and kind = 'automated_message' and done_at is null`),
  );
  await t.app.deps.jobs.drain();
}

/** Survey settings and customer-view texts a company uses in these tests. */
export async function configureSurveys(t: TTestApp, companyId: number, values: Record<string, unknown> = {}) {
  await setSurveySettings(t, companyId, {
    daysAfter: 2,
    sendAtHour: 9,
    resendUncompletedDaysAfter: 3,
    text: 'How did we do? {survey_url}',
    resendText: 'A minute for us? {survey_url}',
    positiveResponseQuestions: [{ id: 'p1', question: 'What did you like?', answerType: 'choice', answers: ['Speed', 'Price', 'Staff'] }],
    negativeResponseQuestions: [
      { id: 'n1', question: 'What went wrong?', answerType: 'choice', answers: ['Waiting', 'Price', 'Quality'] },
      { id: 'n2', question: 'Tell us more', answerType: 'text', answers: [] },
    ],
    notifyRelatedUserAboutNegativeSurvey: true,
    negativeResponseNotificationEmails: ['manager@shop.example'],
    ...values,
  });
  await runInScope(t.db, { companyId: null, system: true }, (tx) =>
    tx.execute(
      sql`update companies set customer_view = customer_view || ${JSON.stringify({
        surveyQuestionText: 'How was your visit?',
        surveyGoogleReviewLink: 'https://g.page/r/example/review',
        surveyYelpReviewLink: 'https://www.yelp.com/writeareview/biz/example',
      })}::jsonb where id = ${companyId}`,
    ),
  );
}

export async function surveyRowsOf(t: TTestApp, companyId: number, customerId: number) {
  return runInScope(t.db, { companyId: null, system: true }, async (tx) => {
    const r = await tx.execute(sql`select id, state, cancel_reason as "cancelReason", due_at as "dueAt", sent_at as "sentAt", resent_at as "resentAt",
      repair_order_id as "repairOrderId", follow_up_task_id as "followUpTaskId"
      from surveys where company_id = ${companyId} and customer_id = ${customerId} order by id`);
    return (r.rows as Record<string, unknown>[]).map((x) => ({
      id: Number(x.id),
      state: String(x.state),
      cancelReason: (x.cancelReason as string | null) ?? null,
      dueAt: new Date(x.dueAt as string),
      sentAt: x.sentAt ? new Date(x.sentAt as string) : null,
      resentAt: x.resentAt ? new Date(x.resentAt as string) : null,
      repairOrderId: x.repairOrderId === null ? null : Number(x.repairOrderId),
      followUpTaskId: x.followUpTaskId === null ? null : Number(x.followUpTaskId),
    }));
  });
}

/** The survey link code in the customer's thread (the latest text carrying one). */
export function linkCodeIn(content: string): string {
  const m = /\/r\/([1-9A-HJ-NP-Za-km-z]{12})\b/.exec(content);
  if (!m) throw new Error(`no link in: ${content}`);
  return m[1]!;
}
