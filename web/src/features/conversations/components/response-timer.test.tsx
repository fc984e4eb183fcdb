import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '../../../lib/i18n';
import { ResponseTimer } from './response-timer';

afterEach(cleanup);

describe('ResponseTimer', () => {
  const now = new Date('2026-11-02T15:00:00.000Z');
  it('shows the time left, then the time overdue, and nothing without a due time', () => {
    const { rerender } = render(<ResponseTimer dueAt="2026-11-02T16:05:00.000Z" now={now} />);
    expect(screen.getByTestId('response-timer').textContent).toBe('Reply due in 1h 05m');
    rerender(<ResponseTimer dueAt="2026-11-02T14:48:00.000Z" now={now} />);
    expect(screen.getByTestId('response-timer').textContent).toBe('Reply overdue by 12m');
    rerender(<ResponseTimer dueAt={null} now={now} />);
    expect(screen.queryByTestId('response-timer')).toBeNull();
  });
});
