import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '../../../lib/i18n';
import { CompanyStatusChip } from './company-status-chip';

afterEach(cleanup);

describe('CompanyStatusChip', () => {
  it('labels each status', () => {
    render(
      <>
        <CompanyStatusChip status="active" testId="a" />
        <CompanyStatusChip status="inactive" testId="b" />
        <CompanyStatusChip status="inactive_forwarding" testId="c" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('Active');
    expect(screen.getByTestId('b').textContent).toBe('Inactive');
    expect(screen.getByTestId('c').textContent).toBe('Inactive, clients forwarded');
  });
});
