import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../lib/format';
import { useCompanyUsers } from '../api/get-company-users';
import { ALL_USERS, nextTerminalAssignment, terminalRowError, type TTerminalRow } from '../lib/terminals';

interface TProps {
  companyId: number;
  rows: TTerminalRow[];
  /** Rows change only while the payment form is in edit mode (and only for super admins). */
  editable: boolean;
  onChange: (rows: TTerminalRow[]) => void;
}

interface TDraft {
  index: number;
  row: TTerminalRow;
  isNew: boolean;
  error: string | null;
}

/**
 * The payment terminals (spec part 2 §4): add, edit, save, cancel and delete happen here locally; nothing reaches the
 * server until the payment form is saved. Cancelling a new row drops it. The grid is 300px high and scrolls.
 */
export function TerminalGrid({ companyId, rows, editable, onChange }: TProps) {
  const { t } = useTranslation();
  const users = useCompanyUsers(companyId, { enabled: true });
  const [draft, setDraft] = useState<TDraft | null>(null);
  const shown = draft?.isNew ? [...rows, draft.row] : rows;

  const userLabel = (id: number) => {
    if (id === ALL_USERS) return t('terminal_all_users');
    const u = users.data?.find((x) => x.id === id);
    return u ? fullName(u) || u.email : `#${id}`;
  };

  const keepDraft = () => {
    if (!draft) return;
    const others = rows.filter((_r, i) => i !== draft.index);
    const error = terminalRowError({ row: draft.row, others });
    if (error) return setDraft({ ...draft, error });
    const row = { ...draft.row, serial: draft.row.serial.trim(), description: draft.row.description.trim() };
    onChange(draft.isNew ? [...rows, row] : rows.map((r, i) => (i === draft.index ? row : r)));
    setDraft(null);
  };

  return (
    <Box sx={{ mt: 3 }} data-testid="terminal-grid">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          {t('terminals')}
        </Typography>
        {editable && (
          <Button
            type="button"
            size="small"
            startIcon={<Add />}
            disabled={!!draft}
            onClick={() => setDraft({ index: rows.length, row: { serial: '', description: '', assignedTo: [ALL_USERS] }, isNew: true, error: null })}
            data-testid="terminal-add"
          >
            {t('terminal_add')}
          </Button>
        )}
      </Box>
      <TableContainer sx={{ height: 300, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={t('terminals')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '25%' }}>{t('terminal_serial')}</TableCell>
              <TableCell sx={{ width: '30%' }}>{t('terminal_description')}</TableCell>
              <TableCell>{t('terminal_assigned_to')}</TableCell>
              {editable && <TableCell sx={{ width: 96 }} aria-label={t('actions')} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={editable ? 4 : 3} sx={{ color: 'text.secondary', textAlign: 'center', py: 4, borderBottom: 0 }}>
                  {t('terminals_empty')}
                </TableCell>
              </TableRow>
            )}
            {shown.map((row, index) =>
              draft && draft.index === index ? (
                <TableRow key={`draft-${index}`} data-testid="terminal-row-editing">
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <TextField
                      size="small"
                      fullWidth
                      autoFocus
                      required
                      label={t('terminal_serial')}
                      value={draft.row.serial}
                      error={!!draft.error}
                      helperText={draft.error ? t(draft.error) : undefined}
                      onChange={(e) => setDraft({ ...draft, error: null, row: { ...draft.row, serial: e.target.value } })}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          keepDraft();
                        }
                      }}
                      slotProps={{ htmlInput: { 'data-testid': 'terminal-field-serial', maxLength: 100 } }}
                    />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <TextField
                      size="small"
                      fullWidth
                      label={t('terminal_description')}
                      value={draft.row.description}
                      onChange={(e) => setDraft({ ...draft, row: { ...draft.row, description: e.target.value } })}
                      slotProps={{ htmlInput: { 'data-testid': 'terminal-field-description', maxLength: 200 } }}
                    />
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top' }}>
                    <TextField
                      select
                      size="small"
                      fullWidth
                      label={t('terminal_assigned_to')}
                      value={draft.row.assignedTo}
                      onChange={(e) =>
                        setDraft({
                          ...draft,
                          row: { ...draft.row, assignedTo: nextTerminalAssignment({ previous: draft.row.assignedTo, next: e.target.value as unknown as number[] }) },
                        })
                      }
                      slotProps={{
                        select: { multiple: true, renderValue: (ids) => (ids as number[]).map(userLabel).join(', ') },
                        htmlInput: { 'data-testid': 'terminal-field-assigned' },
                      }}
                    >
                      <MenuItem value={ALL_USERS}>{t('terminal_all_users')}</MenuItem>
                      {(users.data ?? []).map((u) => (
                        <MenuItem key={u.id} value={u.id}>
                          {fullName(u) || u.email}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                    <IconButton size="small" color="primary" aria-label={t('save')} onClick={keepDraft} data-testid="terminal-keep">
                      <Check fontSize="small" />
                    </IconButton>
                    <IconButton size="small" aria-label={t('cancel')} onClick={() => setDraft(null)} data-testid="terminal-cancel">
                      <Close fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ) : (
                <TableRow key={`${row.serial}-${index}`} data-testid="terminal-row">
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.serial}</TableCell>
                  <TableCell>{row.description || <Box component="span" sx={{ color: 'text.disabled' }}>—</Box>}</TableCell>
                  <TableCell>{row.assignedTo.length ? row.assignedTo.map(userLabel).join(', ') : <Box component="span" sx={{ color: 'text.disabled' }}>{t('terminal_nobody')}</Box>}</TableCell>
                  {editable && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton size="small" aria-label={t('edit')} disabled={!!draft} onClick={() => setDraft({ index, row: { ...row }, isNew: false, error: null })}>
                        <Edit fontSize="small" />
                      </IconButton>
                      <IconButton size="small" aria-label={t('delete')} disabled={!!draft} onClick={() => onChange(rows.filter((_r, i) => i !== index))}>
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ),
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
