import type { ReactNode } from 'react';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface TProps {
  title: string;
  /** Icon buttons shown right of the title. */
  actions: ReactNode;
  search: string;
  onSearchChange: (value: string) => void;
  searchLabel: string;
  searchTestId: string;
  searchMaxLength?: number;
  /** Shown under the search field (filter chips). */
  children?: ReactNode;
}

/** Top of a list panel (inbox, chats): the title with its icon actions, then a clearable search field. */
export function ListPanelHeader({ title, actions, search, onSearchChange, searchLabel, searchTestId, searchMaxLength, children }: TProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 1.5, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1, fontWeight: 700 }} noWrap>
          {title}
        </Typography>
        {actions}
      </Box>
      {/* What TextField (small, outlined, no label) renders, without its label, select and other variants' code. */}
      <FormControl className="MuiTextField-root" size="small" fullWidth variant="outlined">
        <OutlinedInput
          fullWidth
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          placeholder={searchLabel}
          inputProps={{ 'data-testid': searchTestId, 'aria-label': searchLabel, type: 'search', maxLength: searchMaxLength }}
          startAdornment={
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          }
          endAdornment={
            search ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label={t('clear_search')} onClick={() => onSearchChange('')}>
                  <Close fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : null
          }
        />
      </FormControl>
      {children}
    </Box>
  );
}
