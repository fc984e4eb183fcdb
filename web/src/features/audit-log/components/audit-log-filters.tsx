import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../../../api/get-companies';
import { EMPTY_AUDIT_FILTERS, type TAuditFilters } from '../lib/audit-filters';

/** Action prefixes people look for most; any other prefix can be typed. */
const COMMON_ACTIONS = ['impersonation', 'user.', 'company.'] as const;

/** A text field that reports its value once typing pauses, and follows the address on back / forward. */
function useTypedFilter(value: string, commit: (text: string) => void) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  if (seen !== value) {
    setSeen(value);
    if (text.trim() !== value.trim()) setText(value);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const type = (next: string) => {
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (next.trim() !== value.trim()) commit(next.trim());
    }, 350);
  };
  return [text, type] as const;
}

/**
 * Search, action prefix, day range, and (super admins) company; the acting user is chosen from a row and shows here
 * as a removable chip.
 */
export function AuditLogFilters(props: { value: TAuditFilters; onChange: (next: TAuditFilters) => void; superAdmin: boolean; userName: string | null }) {
  const { t } = useTranslation();
  const { value, onChange } = props;
  const set = (patch: Partial<TAuditFilters>) => onChange({ ...value, ...patch });
  const [q, typeQ] = useTypedFilter(value.q, (text) => set({ q: text }));
  const [action, typeAction] = useTypedFilter(value.action, (text) => set({ action: text.toLowerCase() }));
  const companies = useCompanies({ params: { page: 1, itemsPerPage: 100, name: '' }, enabled: props.superAdmin });
  const companyOptions = companies.data?.member ?? [];
  const anySet = JSON.stringify(value) !== JSON.stringify(EMPTY_AUDIT_FILTERS);

  return (
    <Box role="search" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="audit-filters">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: `minmax(200px, 2fr) repeat(${props.superAdmin ? 4 : 3}, minmax(130px, 1fr)) auto` },
          gap: 1.5,
        }}
      >
        <TextField
          size="small"
          label={t('audit_search')}
          value={q}
          onChange={(e) => typeQ(e.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{
            htmlInput: { maxLength: 200, 'data-testid': 'audit-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {props.superAdmin && (
          <TextField
            select
            size="small"
            label={t('audit_company')}
            value={value.company}
            onChange={(e) => set({ company: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'audit-company' } }}
          >
            <MenuItem value="">{t('audit_all_companies')}</MenuItem>
            {value.company && !companyOptions.some((c) => String(c.id) === value.company) && <MenuItem value={value.company}>#{value.company}</MenuItem>}
            {companyOptions.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label={t('audit_action')}
          value={action}
          onChange={(e) => typeAction(e.target.value)}
          placeholder={COMMON_ACTIONS.join(', ')}
          slotProps={{ htmlInput: { maxLength: 80, list: 'audit-actions', 'data-testid': 'audit-action' } }}
        />
        <datalist id="audit-actions">
          {COMMON_ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        <TextField
          size="small"
          type="date"
          label={t('audit_from')}
          value={value.from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: value.to || undefined, 'data-testid': 'audit-from' } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('audit_to')}
          value={value.to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: value.from || undefined, 'data-testid': 'audit-to' } }}
        />
        <Button onClick={() => onChange(EMPTY_AUDIT_FILTERS)} disabled={!anySet} data-testid="audit-clear">
          {t('audit_clear')}
        </Button>
      </Box>
      {value.user && (
        <Box>
          <Chip
            size="small"
            label={t('audit_user_filter', { name: props.userName ?? `#${value.user}` })}
            onDelete={() => set({ user: '' })}
            data-testid="audit-user-filter"
          />
        </Box>
      )}
    </Box>
  );
}
