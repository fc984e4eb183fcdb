import { describe, expect, it } from 'vitest';
import {
  AUTOMATED_MESSAGE_KINDS,
  AUTOMATED_MESSAGE_STATE_INFO,
  AUTOMATED_MESSAGE_STATES,
  buildAutomatedMessageKey,
  canMoveAutomatedMessage,
  parseAutomatedMessageKey,
  ZAutomatedMessageListQuerySchema,
} from './automated-message';
import { MESSAGE_TYPES } from './message';
import { isModifierField } from './message-modifiers';

describe('once-only keys', () => {
  it('builds <entity>:<id>:<kind>, the entity coming from the kind', () => {
    expect(buildAutomatedMessageKey({ kind: 'vehicle_ready', id: 42 })).toBe('repair_order:42:vehicle_ready');
    expect(buildAutomatedMessageKey({ kind: 'status_url', id: 1 })).toBe('repair_order:1:status_url');
    expect(buildAutomatedMessageKey({ kind: 'vehicle_appraisal', id: 7, occurrence: 2 })).toBe('vehicle:7:vehicle_appraisal:2');
    expect(buildAutomatedMessageKey({ kind: 'status_update', id: 42, occurrence: 3 })).toBe('repair_order:42:status_update:3');
  });

  it('refuses to build from a bad id or a wrong occurrence', () => {
    for (const id of [0, -1, 1.5, Number.NaN, 2 ** 53]) expect(() => buildAutomatedMessageKey({ kind: 'survey', id }), String(id)).toThrow(RangeError);
    expect(() => buildAutomatedMessageKey({ kind: 'survey', id: 1, occurrence: 1 })).toThrow(RangeError);
    expect(() => buildAutomatedMessageKey({ kind: 'line_approval', id: 1 })).toThrow(RangeError);
    expect(() => buildAutomatedMessageKey({ kind: 'line_approval', id: 1, occurrence: 0 })).toThrow(RangeError);
  });

  it('parses what it builds, for every kind', () => {
    for (const kind of Object.keys(AUTOMATED_MESSAGE_KINDS) as (keyof typeof AUTOMATED_MESSAGE_KINDS)[]) {
      const occurrence = AUTOMATED_MESSAGE_KINDS[kind].repeatable ? 4 : undefined;
      const key = buildAutomatedMessageKey({ kind, id: 9007199254740991, occurrence });
      expect(parseAutomatedMessageKey(key)).toEqual({
        entity: AUTOMATED_MESSAGE_KINDS[kind].entity,
        id: 9007199254740991,
        kind,
        occurrence: occurrence ?? null,
      });
    }
  });

  it('refuses anything else', () => {
    for (const bad of [
      'repair_order:42:vehicle_ready ',
      ' repair_order:42:vehicle_ready',
      'repair_order:042:vehicle_ready',
      'repair_order:0:vehicle_ready',
      'repair_order:-1:vehicle_ready',
      'repair_order:1e3:vehicle_ready',
      'repair_order:0x2a:vehicle_ready',
      'repair_order:9007199254740993:vehicle_ready',
      'repair_order:42:VEHICLE_READY',
      'Repair_order:42:vehicle_ready',
      'repair_order:42:unknown_kind',
      'repair_order:42:__proto__',
      'repair_order:42:constructor',
      'repair_order:42:hasOwnProperty',
      'vehicle:42:vehicle_ready', // wrong entity for the kind
      'repair_order:42:vehicle_appraisal',
      'repair_order:42:vehicle_ready:1', // once-only kind with an occurrence
      'repair_order:42:status_update', // repeatable kind without one
      'repair_order:42:status_update:0',
      'repair_order:42:status_update:01',
      'repair_order:42:status_update:1:2',
      'repair_order:42',
      'repair_order::vehicle_ready',
      'repair_order:42:vehicle_ready\n',
      'repair_order:４２:vehicle_ready',
      'repair_order;42;vehicle_ready',
      'x'.repeat(10_000),
      '',
    ])
      expect(parseAutomatedMessageKey(bad), JSON.stringify(bad).slice(0, 60)).toBeNull();
    for (const bad of [null, undefined, 42, {}, ['repair_order:42:vehicle_ready']]) expect(parseAutomatedMessageKey(bad)).toBeNull();
  });

  it('each kind names a text that takes modifiers and a message type of spec part 1 §3', () => {
    for (const info of Object.values(AUTOMATED_MESSAGE_KINDS)) {
      expect(isModifierField(info.field)).toBe(true);
      expect(MESSAGE_TYPES).toContain(info.messageType);
    }
  });
});

describe('automated message states', () => {
  it('every state has a reason key and a text', () => {
    for (const state of AUTOMATED_MESSAGE_STATES) {
      expect(AUTOMATED_MESSAGE_STATE_INFO[state].reasonKey).toBe(`automated_message_${state}`);
      expect(AUTOMATED_MESSAGE_STATE_INFO[state].text.length).toBeGreaterThan(0);
    }
  });

  it('final states never change; held ones are released or settled; a failure may be retried', () => {
    for (const from of AUTOMATED_MESSAGE_STATES.filter((s) => AUTOMATED_MESSAGE_STATE_INFO[s].final))
      for (const to of AUTOMATED_MESSAGE_STATES) expect(canMoveAutomatedMessage({ from, to }), `${from} → ${to}`).toBe(false);
    expect(canMoveAutomatedMessage({ from: 'planned', to: 'held_quiet_hours' })).toBe(true);
    expect(canMoveAutomatedMessage({ from: 'held_quiet_hours', to: 'planned' })).toBe(true);
    expect(canMoveAutomatedMessage({ from: 'held_safe_mode', to: 'sent' })).toBe(true);
    expect(canMoveAutomatedMessage({ from: 'planned', to: 'skipped_opted_out' })).toBe(true);
    expect(canMoveAutomatedMessage({ from: 'failed', to: 'planned' })).toBe(true);
    expect(canMoveAutomatedMessage({ from: 'failed', to: 'sent' })).toBe(false);
    expect(canMoveAutomatedMessage({ from: 'planned', to: 'planned' })).toBe(false);
  });

  it('list query names one entity', () => {
    expect(ZAutomatedMessageListQuerySchema.parse({ entity: 'repair_order', entityId: '42' })).toEqual({ entity: 'repair_order', entityId: 42 });
    expect(ZAutomatedMessageListQuerySchema.safeParse({ entity: 'customer', entityId: '42' }).success).toBe(false);
    expect(ZAutomatedMessageListQuerySchema.safeParse({ entity: 'repair_order', entityId: '042' }).success).toBe(false);
  });
});
