import { act, cleanup, render, screen } from '@testing-library/react';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** What formatPhone showed before phone-format.ts: libphonenumber's national format, the input when unparseable. */
const libraryFormat = (value: string) => parsePhoneNumberFromString(value, 'US')?.formatNational() ?? value;

/** A fresh copy of the module, so each test starts with the library not loaded. */
async function freshModule() {
  vi.resetModules();
  return import('./phone-format');
}

const US = [
  '+12015550123',
  '2015550123',
  '12015550123',
  '+1 (201) 555-0123',
  '(212) 555-0199',
  '201.555.0123',
  '+18005550100',
  '+14165550123',
  '+18765550123',
  '+19995550123',
];
const OTHERS = ['+38761123456', '+387 33 123 456', '+385911234567', '+38512345678', '+381601234567', '+381 11 1234567', '+442079460958'];
const BAD = ['abc', '+1201555012', '+120155501234', '1201555012', '+10015550123', '+2015550123', '12345', '+', '2015550123 ext. 5', '+1 800 FLOWERS'];

afterEach(cleanup);

describe('phone formatting without the metadata on the first screen', () => {
  it('formats NANP numbers exactly as libphonenumber does, before the library is loaded', async () => {
    const { formatPhone, formatNanpPhone } = await freshModule();
    for (const value of US) {
      expect(formatNanpPhone(value), value).toBe(libraryFormat(value));
      expect(formatPhone(value), value).toBe(libraryFormat(value));
    }
    // Every area code and a spread of subscriber numbers, in the three digit forms the data holds.
    for (let area = 200; area < 1000; area += 1)
      for (const rest of ['0000000', '5550123', '9999999', `${area}${area % 10}999`.slice(0, 7)])
        for (const value of [`+1${area}${rest}`, `${area}${rest}`, `1${area}${rest}`]) expect(formatNanpPhone(value), value).toBe(libraryFormat(value));
  });

  it('leaves every other number to the library: shown as stored until it is in, then as libphonenumber shows it', async () => {
    const { formatPhone, formatNanpPhone, loadPhoneFormatter } = await freshModule();
    for (const value of [...OTHERS, ...BAD]) {
      expect(formatNanpPhone(value), value).toBeUndefined();
      expect(formatPhone(value), value).toBe(value);
    }
    await loadPhoneFormatter();
    for (const value of [...US, ...OTHERS, ...BAD]) expect(formatPhone(value), value).toBe(libraryFormat(value));
    expect(formatPhone('+38761123456')).toBe('061 123 456');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('')).toBe('');
  });

  it('re-renders a component once the library arrives', async () => {
    const { useFormatPhone, loadPhoneFormatter } = await freshModule();
    function Phone({ value }: { value: string }) {
      const formatPhone = useFormatPhone();
      return <span data-testid="phone">{formatPhone(value)}</span>;
    }
    render(<Phone value="+385911234567" />);
    expect(screen.getByTestId('phone').textContent).toBe('+385911234567');
    await act(() => loadPhoneFormatter());
    expect(screen.getByTestId('phone').textContent).toBe('091 123 4567');
  });
});
