import { describe, expect, it } from 'vitest';
import {
  APPROVAL_ANSWERS_MAX,
  checkApprovalAnswers,
  findOpenLines,
  sumLinePrices,
  ZLineApprovalAnswerSchema,
  ZLineAutocompleteQuerySchema,
  ZRepairOrderLineCreateSchema,
  ZRepairOrderLinePatchSchema,
} from './repair-order-line';

const messagesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('repair order line schemas', () => {
  it('create: order, description and price; files as media object IRIs', () => {
    expect(
      ZRepairOrderLineCreateSchema.parse({ repairOrder: '/api/repair_orders/1', description: ' Oil change ', price: 4999, files: ['/api/media_objects/3'] }),
    ).toEqual({
      repairOrder: 1,
      description: 'Oil change',
      price: 4999,
      files: ['/api/media_objects/3'],
    });
    expect(messagesOf(ZRepairOrderLineCreateSchema.safeParse({ repairOrder: 1 }))).toEqual({
      description: 'description_is_required',
      price: 'price_is_required',
    });
    expect(messagesOf(ZRepairOrderLineCreateSchema.safeParse({ repairOrder: 1, description: 'x', price: -5 }))).toEqual({
      price: 'The price cannot be negative.',
    });
    expect(ZRepairOrderLineCreateSchema.safeParse({ repairOrder: 1, description: 'x', price: 1, files: ['/api/users/3'] }).success).toBe(false);
    expect(ZRepairOrderLineCreateSchema.safeParse({ repairOrder: 1, description: 'x', price: 1, files: Array(11).fill('/api/media_objects/3') }).success).toBe(
      false,
    );
    expect(ZRepairOrderLineCreateSchema.safeParse({ repairOrder: 1, description: 'x', price: 1, status: 'maybe' }).success).toBe(false);
  });

  it('patch: changed fields, never another order', () => {
    expect(ZRepairOrderLinePatchSchema.parse({ status: 'rejected' })).toEqual({ status: 'rejected' });
    expect(ZRepairOrderLinePatchSchema.safeParse({ repairOrder: 2 }).success).toBe(false);
    expect(ZRepairOrderLinePatchSchema.safeParse({ description: null }).success).toBe(false);
  });

  it('autocomplete query', () => {
    expect(ZLineAutocompleteQuerySchema.parse({ q: ' brake ' })).toEqual({ q: 'brake' });
    expect(ZLineAutocompleteQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('approval answer body', () => {
  it('one decision per line, approved or denied only', () => {
    const body = {
      answers: [
        { lineId: 9, decision: 'approved' },
        { lineId: 10, decision: 'denied' },
      ],
    };
    expect(ZLineApprovalAnswerSchema.parse(body)).toEqual(body);
  });

  it('refuses hostile or odd bodies', () => {
    for (const bad of [
      {},
      { answers: [] },
      { answers: [{ lineId: 9, decision: 'rejected' }] },
      { answers: [{ lineId: 9, decision: 'pending' }] },
      { answers: [{ lineId: '9', decision: 'approved' }] },
      { answers: [{ lineId: 0, decision: 'approved' }] },
      { answers: [{ lineId: 9, decision: 'approved', price: 0 }] },
      { answers: [{ lineId: 9, decision: 'approved' }], extra: true },
      { answers: 'all' },
      { answers: Array.from({ length: APPROVAL_ANSWERS_MAX + 1 }, (_, i) => ({ lineId: i + 1, decision: 'approved' })) },
    ])
      expect(ZLineApprovalAnswerSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    expect(
      messagesOf(
        ZLineApprovalAnswerSchema.safeParse({
          answers: [
            { lineId: 9, decision: 'approved' },
            { lineId: 9, decision: 'denied' },
          ],
        }),
      ),
    ).toEqual({ answers: 'line_answered_twice' });
  });
});

describe('line rules', () => {
  const lines = [
    { id: 1, status: 'approved' as const, price: 1000 },
    { id: 2, status: 'pending' as const, price: 250 },
    { id: 3, status: 'pending' as const, price: 750 },
    { id: 4, status: 'denied' as const, price: 99 },
    { id: 5, status: 'rejected' as const, price: 1 },
  ];

  it('only pending lines keep an order from closing', () => {
    expect(findOpenLines({ lines }).map((l) => l.id)).toEqual([2, 3]);
    expect(findOpenLines({ lines: lines.filter((l) => l.status !== 'pending') })).toEqual([]);
  });

  it('sums prices by state', () => {
    expect(sumLinePrices({ lines })).toEqual({ approved: 1000, pending: 1000, denied: 99, rejected: 1 });
    expect(sumLinePrices({ lines: [] })).toEqual({ approved: 0, pending: 0, denied: 0, rejected: 0 });
  });

  it('accepts an answer for every pending line', () => {
    const answers = [
      { lineId: 3, decision: 'denied' as const },
      { lineId: 2, decision: 'approved' as const },
    ];
    expect(checkApprovalAnswers({ lines, answers })).toEqual({ ok: true, decisions: answers });
  });

  it('refuses lines of another order, settled lines, missing answers, and a second answer', () => {
    expect(checkApprovalAnswers({ lines, answers: [{ lineId: 99, decision: 'approved' }] })).toEqual({
      ok: false,
      problem: { message: 'line_not_found', lineId: 99 },
    });
    expect(checkApprovalAnswers({ lines, answers: [{ lineId: 1, decision: 'denied' }] })).toEqual({
      ok: false,
      problem: { message: 'line_already_answered', lineId: 1 },
    });
    expect(checkApprovalAnswers({ lines, answers: [{ lineId: 2, decision: 'approved' }] })).toEqual({
      ok: false,
      problem: { message: 'answer_missing_for_line', lineId: 3 },
    });
    const settled = lines.map((l) => ({ ...l, status: l.status === 'pending' ? ('approved' as const) : l.status }));
    expect(checkApprovalAnswers({ lines: settled, answers: [{ lineId: 2, decision: 'approved' }] })).toEqual({
      ok: false,
      problem: { message: 'nothing_to_approve' },
    });
  });
});
