import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** What an import takes: a CSV or an Excel workbook (.xlsx); the server reads the first sheet. */
export const SPREADSHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The import dialogs' file button: shows the chosen file's name, or `chooseLabel` until one is picked. A label wraps
 * the hidden input, so the button opens the file chooser by keyboard as by click.
 */
export function SpreadsheetFilePicker(props: {
  file: File | null;
  onChange: (file: File | null) => void;
  chooseLabel: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Box>
      <Button variant="outlined" component="label" disabled={props.disabled}>
        {props.file ? props.file.name : props.chooseLabel}
        <input hidden type="file" accept={SPREADSHEET_ACCEPT} onChange={(e) => props.onChange(e.target.files?.[0] ?? null)} data-testid={props.testId} />
      </Button>
    </Box>
  );
}
