import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
    expect(screen.getByTestId('a').getAttribute('aria-haspopup')).toBeNull();
  });

  it('offers the other statuses when it may change them, and reports only a real change', () => {
    const onChange = vi.fn();
    render(<CompanyStatusChip status="active" testId="s" companyName="Demo Motors" onChange={onChange} />);
    const chip = screen.getByRole('button', { name: 'Change status: Demo Motors' });
    fireEvent.click(chip);
    fireEvent.click(screen.getByTestId('company-status-option-active'));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(chip);
    fireEvent.click(screen.getByTestId('company-status-option-inactive_forwarding'));
    expect(onChange).toHaveBeenCalledWith('inactive_forwarding');
  });
});
