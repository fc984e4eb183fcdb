import { describe, expect, it } from 'vitest';
import { insertAtCaret } from './modifier-insertion';

describe('insertAtCaret', () => {
  it('appends at the end when the field never had the caret', () => {
    expect(insertAtCaret({ value: 'Pay here:', token: '{payment_url}', start: null, end: null })).toEqual({ value: 'Pay here: {payment_url}', caret: 23 });
    expect(insertAtCaret({ value: '', token: '{minutes}', start: null, end: null })).toEqual({ value: '{minutes}', caret: 9 });
  });

  it('inserts at the caret, padding with spaces only where the token would touch a word', () => {
    expect(insertAtCaret({ value: 'Hi , ready', token: '{customer_name}', start: 3, end: 3 })).toEqual({ value: 'Hi {customer_name}, ready', caret: 18 });
    expect(insertAtCaret({ value: 'Hiready', token: '{x}', start: 2, end: 2 }).value).toBe('Hi {x} ready');
    expect(insertAtCaret({ value: 'Go {x}.', token: '{y}', start: 6, end: 6 }).value).toBe('Go {x} {y}.');
  });

  it('replaces a selection and keeps positions inside the text', () => {
    expect(insertAtCaret({ value: 'Open LINK now', token: '{status_url}', start: 5, end: 9 })).toEqual({ value: 'Open {status_url} now', caret: 17 });
    expect(insertAtCaret({ value: 'abc', token: '{x}', start: 99, end: 120 }).value).toBe('abc {x}');
    expect(insertAtCaret({ value: 'abc', token: '{x}', start: 2, end: 1 }).value).toBe('ab {x} c');
  });
});
