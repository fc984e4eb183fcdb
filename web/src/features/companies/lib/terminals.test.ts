import { describe, expect, it } from 'vitest';
import { ALL_USERS, nextTerminalAssignment, terminalRowError } from './terminals';

describe('terminal assignment', () => {
  it('picking All clears the individual users', () => {
    expect(nextTerminalAssignment({ previous: [4, 7], next: [4, 7, ALL_USERS] })).toEqual([ALL_USERS]);
  });
  it('picking a user while All is chosen drops All', () => {
    expect(nextTerminalAssignment({ previous: [ALL_USERS], next: [ALL_USERS, 9] })).toEqual([9]);
  });
  it('keeps ordinary changes as they are', () => {
    expect(nextTerminalAssignment({ previous: [4], next: [4, 9] })).toEqual([4, 9]);
    expect(nextTerminalAssignment({ previous: [4, 9], next: [9] })).toEqual([9]);
    expect(nextTerminalAssignment({ previous: [ALL_USERS], next: [] })).toEqual([]);
  });
});

describe('terminal row check', () => {
  const row = (serial: string) => ({ serial, description: '', assignedTo: [] });
  it('needs a serial, unique regardless of case and spaces', () => {
    expect(terminalRowError({ row: row('  '), others: [] })).toBe('field_required');
    expect(terminalRowError({ row: row('ab-1 '), others: [row('AB-1')] })).toBe('terminal_serial_taken');
    expect(terminalRowError({ row: row('AB-2'), others: [row('AB-1')] })).toBeNull();
  });
});
