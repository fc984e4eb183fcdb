import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NumericInput } from './numeric-input';

afterEach(cleanup);

function Harness(props: { initial?: string; onValue?: (v: string) => void } & Omit<React.ComponentProps<typeof NumericInput>, 'value' | 'onChange'>) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <NumericInput
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
    />
  );
}

const field = () => screen.getByTestId('num') as HTMLInputElement;

describe('NumericInput', () => {
  it('shows the thousands separator, hands back the plain value, cuts decimals to the scale', () => {
    const onValue = vi.fn();
    render(<Harness testId="num" label="Price" decimalScale={2} thousandSeparator prefix="$" onValue={onValue} />);
    fireEvent.change(field(), { target: { value: '1234567.891' } });
    expect(field().value).toBe('1,234,567.89');
    expect(onValue).toHaveBeenLastCalledWith('1234567.89');
    expect(screen.getByText('$')).toBeTruthy();
  });

  it('keeps its value when a keystroke is refused (letters, minus, decimals in a whole number)', () => {
    const onValue = vi.fn();
    render(<Harness testId="num" label="Days" initial="14" suffix="days" onValue={onValue} />);
    for (const typed of ['14e', '-14', '14.5', '1x4']) fireEvent.change(field(), { target: { value: typed } });
    expect(field().value).toBe('14');
    expect(onValue).not.toHaveBeenCalled();
    expect(screen.getByText('days')).toBeTruthy();
  });

  it('is a text field without spinner or bounds, with the right keyboard', () => {
    render(<Harness testId="num" label="Minutes" />);
    expect(field().type).toBe('text');
    expect(field().getAttribute('min')).toBeNull();
    expect(field().getAttribute('max')).toBeNull();
    expect(field().inputMode).toBe('numeric');
    cleanup();
    render(<Harness testId="num" label="Price" decimalScale={2} />);
    expect(field().inputMode).toBe('decimal');
  });

  it('works with other separators and refuses a thousands separator equal to the decimal one', () => {
    render(<Harness testId="num" label="Iznos" decimalScale={2} thousandSeparator="." decimalSeparator="," initial="1234.5" />);
    expect(field().value).toBe('1.234,5');
    fireEvent.change(field(), { target: { value: '12.345,67' } });
    expect(field().value).toBe('12.345,67');
    cleanup();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Harness testId="num" label="x" thousandSeparator="," decimalSeparator="," />)).toThrow(/must differ/);
    spy.mockRestore();
  });

  it('keeps the caret after the digit typed when grouping moves it', () => {
    render(<Harness testId="num" label="Price" decimalScale={2} thousandSeparator initial="123" />);
    const el = field();
    el.focus();
    // Type "4" at the end: "1234" → "1,234", caret after the 4.
    el.setSelectionRange(4, 4);
    fireEvent.change(el, { target: { value: '1234' } });
    expect(el.value).toBe('1,234');
    expect(el.selectionStart).toBe(5);
  });
});
