import { computeLocalHourAfterDays } from '@cd/contracts/automation-schedule';
import type { TSurveyQuestionAnswer } from '@cd/contracts/survey';
import {
  DEMO_SURVEY_SETTINGS,
  FIRST_NAMES,
  LAST_NAMES,
  NEGATIVE_COMMENTS,
  NEGATIVE_MAKE_RIGHT,
  ORDER_TITLES,
  POSITIVE_BEST,
  POSITIVE_COMMENTS,
  RESOLUTION_NOTES,
  VEHICLE_MODELS,
  makeVin,
} from './seed-surveys-data';

/** A seeded generator (mulberry32): the demo's surveys are the same on every first start, only shifted to "now". */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface TPlanCustomer {
  phone: string;
  /** New customers only; the conversation seed's customers keep their names. */
  firstName: string;
  lastName: string;
  existing: boolean;
  vehicle: { make: string; model: string; year: number; mileage: number; vin: string; registration: string } | null;
}

export interface TSurveyPlan {
  customer: number;
  /** An order of the repair-order seed (by number), or the closed order this survey was planned for. */
  order: { existingNumber: string } | { number: string; title: string; line: string; price: number; openedAt: Date; closedAt: Date };
  manual: boolean;
  createdAt: Date;
  dueAt: Date;
  /** null: planned, not sent yet. */
  sentAt: Date | null;
  resentAt: Date | null;
  /** The reminder the engine has planned (sent, unanswered, reminder not due yet). */
  resendDueAt: Date | null;
  answeredAt: Date | null;
  answer: boolean | null;
  answers: TSurveyQuestionAnswer[];
  comment: string | null;
  clicks: { google: Date | null; yelp: Date | null; facebook: Date | null };
  resolvedAt: Date | null;
  resolvedBy: 'admin' | 'advisor' | null;
  note: string | null;
  linkOpenedAt: Date | null;
  linkOpens: number;
  /** The demo's public survey page: its link is counted from now, not from sending. */
  freshLink: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NEW_CUSTOMERS = 52;
const { positiveResponseQuestions: POSITIVE_QS, negativeResponseQuestions: NEGATIVE_QS } = DEMO_SURVEY_SETTINGS;

/** The conversation seed's customers that get surveys too (Patricia's is the one sent by hand, still unanswered). */
const FIXED = [
  { phone: '+15555550302', make: 'Toyota', model: 'Corolla', daysAgo: 41, answer: true },
  { phone: '+15555550305', make: 'Ford', model: 'Transit', daysAgo: 68, answer: false },
  { phone: '+15555550307', make: 'Honda', model: 'Odyssey', daysAgo: 12, answer: null },
] as const;
export const MANUAL_SURVEY_PHONE = '+15555550304';
export const MANUAL_SURVEY_ORDER = 'RO-10198';

/**
 * Demo Motors' surveys over the last four months: the same mix on every first start (seeded), with times counted
 * back from `now` the way the rules place them (sent at 9:00 local two days after close, the reminder three days
 * later, answers, review clicks, follow-ups of negative answers).
 */
export function planDemoSurveys(opts: { now: number; timeZone: string }): { customers: TPlanCustomer[]; surveys: TSurveyPlan[] } {
  const { now, timeZone } = opts;
  const random = seededRandom(14);
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const localAt = (daysAgo: number, hour: number, minutes = 0) =>
    new Date(computeLocalHourAfterDays({ from: new Date(now), days: -daysAgo, hour, timeZone }).getTime() + minutes * 60_000);
  const vehicleOf = (make?: string, model?: string) => {
    const m = VEHICLE_MODELS.find((v) => v.make === make) ?? pick(VEHICLE_MODELS);
    const year = Math.floor(between(m.from, m.to + 1));
    return {
      make: m.make,
      model: model ?? m.model,
      year,
      mileage: Math.round(between(8, 22) * (2026 - year + 1)) * 1000,
      vin: makeVin({ wmi: m.wmi, year, random }),
      registration: `IL ${Math.floor(between(1, 10))}${pick(['AB', 'KT', 'PR', 'ZX', 'MN', 'LW'])} ${Math.floor(between(100, 1000))}`,
    };
  };

  const customers: TPlanCustomer[] = FIXED.map((f) => ({ phone: f.phone, firstName: '', lastName: '', existing: true, vehicle: vehicleOf(f.make, f.model) }));
  customers.push({ phone: MANUAL_SURVEY_PHONE, firstName: '', lastName: '', existing: true, vehicle: null });
  const firstNew = customers.length;
  for (let i = 0; i < NEW_CUSTOMERS; i++)
    customers.push({
      phone: `+1555555${String(500 + i).padStart(4, '0')}`,
      firstName: FIRST_NAMES[(i * 7) % FIRST_NAMES.length]!,
      lastName: LAST_NAMES[(i * 5 + Math.floor(i / LAST_NAMES.length)) % LAST_NAMES.length]!,
      existing: false,
      vehicle: vehicleOf(),
    });

  let orderNumber = 9000;
  const closedOrder = (closedAt: Date) => {
    const t = pick(ORDER_TITLES);
    return {
      number: `RO-0${++orderNumber}`,
      title: t.title,
      line: t.line,
      price: t.price,
      openedAt: new Date(closedAt.getTime() - between(2, 30) * HOUR),
      closedAt,
    };
  };
  const blank = {
    resentAt: null,
    resendDueAt: null,
    answeredAt: null,
    answer: null,
    answers: [],
    comment: null,
    resolvedAt: null,
    resolvedBy: null,
    note: null,
  };
  const noClicks = { google: null, yelp: null, facebook: null };

  /** A survey planned at close and sent `daysAgo` days ago at 9:00; `answer` forced for the fixed customers. */
  const sent = (customer: number, daysAgo: number, forced?: boolean | null): TSurveyPlan => {
    const closedAt = localAt(daysAgo + DEMO_SURVEY_SETTINGS.daysAfter, Math.floor(between(13, 18)), Math.floor(between(0, 60)));
    const dueAt = localAt(daysAgo, DEMO_SURVEY_SETTINGS.sendAtHour);
    const sentAt = new Date(dueAt.getTime() + between(5, 55) * 1000);
    const resendDue = computeLocalHourAfterDays({ from: sentAt, days: DEMO_SURVEY_SETTINGS.resendUncompletedDaysAfter, hour: 9, timeZone });
    // By calendar day, not by the hour, so the mix is the same whenever the seed runs: the reminder went out when it
    // was due on an earlier day; a survey whose reminder is due today is answered (whether it went depends on the hour).
    const reminderDay = daysAgo - DEMO_SURVEY_SETTINGS.resendUncompletedDaysAfter;
    const reminderSent = reminderDay >= 1;
    const plan: TSurveyPlan = {
      ...blank,
      customer,
      order: closedOrder(closedAt),
      manual: false,
      createdAt: closedAt,
      dueAt,
      sentAt,
      clicks: { ...noClicks },
      linkOpenedAt: null,
      linkOpens: 0,
      freshLink: false,
    };
    const draw = random();
    const answered = forced !== undefined ? forced !== null : reminderDay === 0 || draw < (reminderSent ? 0.62 : 0.45);
    if (!answered) {
      if (reminderSent) plan.resentAt = new Date(resendDue.getTime() + 40_000);
      else plan.resendDueAt = resendDue;
      if (random() < 0.3) {
        plan.linkOpenedAt = new Date(sentAt.getTime() + between(0.05, 0.9) * Math.min(now - sentAt.getTime(), DAY));
        plan.linkOpens = 1;
      }
      return plan;
    }
    const bucket = random();
    if (bucket < 0.15 && reminderSent) {
      plan.resentAt = new Date(resendDue.getTime() + 40_000);
      plan.answeredAt = new Date(plan.resentAt.getTime() + between(5, 20 * 60) * 60_000);
    } else {
      const latest = Math.min(resendDue.getTime() - HOUR, now - 10 * 60_000) - sentAt.getTime();
      const delay = bucket < 0.75 ? between(3 * 60_000, 6 * HOUR) : between(6 * HOUR, 2 * DAY);
      plan.answeredAt = new Date(sentAt.getTime() + Math.min(delay, latest * between(0.2, 0.9)));
    }
    if (plan.answeredAt.getTime() > now - 10 * 60_000) plan.answeredAt = new Date(sentAt.getTime() + (now - sentAt.getTime()) * 0.5);
    const answeredAt = plan.answeredAt;
    plan.answer = forced ?? random() >= 0.2;
    plan.linkOpenedAt = new Date(answeredAt.getTime() - between(30, 300) * 1000);
    plan.linkOpens = random() < 0.3 ? 2 : 1;
    if (plan.answer) {
      const [recommend, best] = [POSITIVE_QS[0]!, POSITIVE_QS[1]!];
      const r = random();
      plan.answers = [{ questionId: recommend.id, question: recommend.question, answer: r < 0.7 ? 'Definitely' : r < 0.95 ? 'Probably' : 'Not sure' }];
      if (random() < 0.4) plan.answers.push({ questionId: best.id, question: best.question, answer: pick(POSITIVE_BEST) });
      plan.comment = random() < 0.45 ? pick(POSITIVE_COMMENTS) : null;
      const click = (p: number) => (random() < p ? new Date(answeredAt.getTime() + between(20, 200) * 1000) : null);
      plan.clicks = { google: click(0.35), yelp: click(0.12), facebook: click(0.12) };
    } else {
      const [issue, makeRight] = [NEGATIVE_QS[0]!, NEGATIVE_QS[1]!];
      plan.answers = [{ questionId: issue.id, question: issue.question, answer: pick(issue.answers) }];
      if (random() < 0.5) plan.answers.push({ questionId: makeRight.id, question: makeRight.question, answer: pick(NEGATIVE_MAKE_RIGHT) });
      plan.comment = random() < 0.85 ? pick(NEGATIVE_COMMENTS) : null;
      // Older negative answers were mostly followed up; the recent ones still wait (the "unresolved" filter).
      const followedUp = random() < 0.8;
      if (daysAgo >= 5 && followedUp) {
        plan.resolvedAt = new Date(Math.min(answeredAt.getTime() + between(1, 20) * HOUR, now - 30 * 60_000));
        plan.resolvedBy = random() < 0.7 ? 'admin' : 'advisor';
        plan.note = pick(RESOLUTION_NOTES);
      }
    }
    return plan;
  };

  const surveys: TSurveyPlan[] = FIXED.map((f, i) => sent(i, f.daysAgo, f.answer));
  // Patricia's order closed 49 hours ago; her advisor sent the survey by hand an hour later: the demo's open survey page.
  const manualSentAt = new Date(now - 48 * HOUR);
  surveys.push({
    ...blank,
    customer: FIXED.length,
    order: { existingNumber: MANUAL_SURVEY_ORDER },
    manual: true,
    createdAt: manualSentAt,
    dueAt: manualSentAt,
    sentAt: manualSentAt,
    resendDueAt: computeLocalHourAfterDays({ from: manualSentAt, days: DEMO_SURVEY_SETTINGS.resendUncompletedDaysAfter, hour: 9, timeZone }),
    clicks: { ...noClicks },
    linkOpenedAt: null,
    linkOpens: 0,
    freshLink: true,
  });
  let planned = 0;
  for (let c = firstNew; c < customers.length; c++) {
    const first = Math.floor(between(1, 119));
    surveys.push(sent(c, first));
    // A returning customer: another visit more than a month before (the 30-day cooldown let it through).
    if (random() < 0.7 && first + 35 <= 120) surveys.push(sent(c, Math.floor(between(first + 35, 121))));
    // Two orders closed yesterday: their surveys go out tomorrow at 9:00.
    if (planned < 2 && first > 31) {
      planned++;
      const closedAt = localAt(1, 15 + planned, 10);
      const dueAt = computeLocalHourAfterDays({ from: closedAt, days: DEMO_SURVEY_SETTINGS.daysAfter, hour: 9, timeZone });
      surveys.push({
        ...blank,
        customer: c,
        order: closedOrder(closedAt),
        manual: false,
        createdAt: closedAt,
        dueAt,
        sentAt: null,
        clicks: { ...noClicks },
        linkOpenedAt: null,
        linkOpens: 0,
        freshLink: false,
      });
    }
  }
  return { customers, surveys };
}
