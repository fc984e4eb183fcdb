import { describe, expect, it } from 'vitest';
import { documentTitle, formatListTotal } from './format';

describe('format', () => {
  it('shows a capped list total with a plus and an unknown one as nothing', () => {
    expect(formatListTotal({ totalItems: 12 })).toBe('12');
    expect(formatListTotal({ totalItemsAtLeast: 1000 })).toBe('1000+');
    expect(formatListTotal({})).toBe('');
    expect(formatListTotal(undefined)).toBe('');
  });

  it('puts the unread count in the tab title, "99+" past 99 like the badge', () => {
    expect(documentTitle('Courier Desk', 0)).toBe('Courier Desk');
    expect(documentTitle('Courier Desk', 7)).toBe('Courier Desk (7)');
    expect(documentTitle('Courier Desk', 100)).toBe('Courier Desk (99+)');
  });
});
