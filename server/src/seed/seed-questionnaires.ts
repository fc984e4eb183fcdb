import { sql } from 'drizzle-orm';
import type { TAnswer, TQuestion } from '@cd/contracts/questionnaires';
import type { TTx } from '../db/client';

/**
 * Demo Realty's questionnaires (issue 18, docs/questionnaires.md): a buyer intake with one answered response on a demo
 * customer (shown in the customer details' Questionnaires section) and an archived seller intake.
 */

const BUYER: TQuestion[] = [
  { id: 'q1', text: 'How many bedrooms do you need?', kind: 'number', options: [], required: true },
  { id: 'q2', text: 'Which area do you prefer?', kind: 'choice', options: ['Santa Monica', 'Venice', 'Culver City'], required: true },
  { id: 'q3', text: 'Are you pre-approved for a mortgage?', kind: 'yes_no', options: [], required: false },
  { id: 'q4', text: 'Anything else we should know?', kind: 'text', options: [], required: false },
];

const SELLER: TQuestion[] = [
  { id: 'q1', text: 'When would you like to sell?', kind: 'choice', options: ['Within 3 months', 'This year', 'Just curious'], required: true },
  { id: 'q2', text: 'Address of the property', kind: 'text', options: [], required: true },
];

const ANSWERS: TAnswer[] = [
  { questionId: 'q1', question: BUYER[0]!.text, kind: 'number', value: 3 },
  { questionId: 'q2', question: BUYER[1]!.text, kind: 'choice', value: 'Santa Monica' },
  { questionId: 'q3', question: BUYER[2]!.text, kind: 'yes_no', value: true },
  { questionId: 'q4', question: BUYER[3]!.text, kind: 'text', value: 'Close to a good school, a garden if possible.' },
];

export async function seedDemoQuestionnaires(tx: TTx, opts: { realtyId: number }): Promise<void> {
  const companyId = opts.realtyId;
  const one = async (q: ReturnType<typeof sql>) => ((await tx.execute(q)).rows[0] as { id: number } | undefined)?.id;
  const buyer = await one(sql`insert into questionnaires (company_id, name, questions, created_at, updated_at)
    values (${companyId}, 'Buyer intake', ${JSON.stringify(BUYER)}::jsonb, now() - interval '20 days', now() - interval '20 days') returning id::int as id`);
  await tx.execute(sql`insert into questionnaires (company_id, name, questions, archived_at, created_at, updated_at)
    values (${companyId}, 'Seller intake (2025)', ${JSON.stringify(SELLER)}::jsonb, now() - interval '5 days', now() - interval '90 days', now() - interval '5 days')`);
  // The company's oldest demo customer answered the buyer intake two days after it was sent.
  const customer = await one(sql`select id::int as id from customers where company_id = ${companyId} order by id limit 1`);
  if (!buyer || !customer) return;
  await tx.execute(sql`insert into questionnaire_responses (company_id, questionnaire_id, customer_id, questions, sent_at, answered_at, answers)
    values (${companyId}, ${buyer}, ${customer}, ${JSON.stringify(BUYER)}::jsonb, now() - interval '4 days', now() - interval '2 days', ${JSON.stringify(ANSWERS)}::jsonb)`);
}
