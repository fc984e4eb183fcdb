import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SPREADSHEET_ACCEPT, SpreadsheetFilePicker } from './spreadsheet-file-picker';

afterEach(cleanup);

function Harness({ onPick, disabled }: { onPick: (f: File | null) => void; disabled?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <SpreadsheetFilePicker
      file={file}
      onChange={(f) => {
        setFile(f);
        onPick(f);
      }}
      chooseLabel="Choose a file"
      disabled={disabled}
      testId="picker"
    />
  );
}

describe('SpreadsheetFilePicker', () => {
  it('takes CSV and .xlsx, and shows the picked file’s name in place of the label', () => {
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    const input = screen.getByTestId('picker') as HTMLInputElement;
    expect(input.accept).toBe(SPREADSHEET_ACCEPT);
    expect(screen.getByText('Choose a file')).toBeTruthy();
    const file = new File(['a,b\n1,2'], 'ledger.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onPick).toHaveBeenCalledWith(file);
    expect(screen.getByText('ledger.csv')).toBeTruthy();
    fireEvent.change(input, { target: { files: [] } });
    expect(onPick).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Choose a file')).toBeTruthy();
  });

  it('is disabled while an import runs', () => {
    render(<Harness onPick={() => undefined} disabled />);
    expect(screen.getByText('Choose a file').closest('label')!.getAttribute('aria-disabled')).toBe('true');
  });
});
