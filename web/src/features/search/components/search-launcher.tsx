import { useEffect, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TSearchHit } from '@cd/contracts/search';
import { hitPath } from '../lib/search-query';
import { SearchDialog } from './search-dialog';

/** Typing in a field (or an editable element) keeps '/' for itself. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The inbox's search: a box-shaped button that opens the search dialog, also opened by '/' (outside a text field)
 * and Ctrl+K / Cmd+K anywhere.
 */
export function SearchLauncher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTypingTarget(e.target);
      if (!ctrlK && !slash) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openHit = (hit: TSearchHit) => {
    setOpen(false);
    void navigate(hitPath(hit));
  };

  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        data-testid="search-open"
        aria-label={t('search_title')}
        aria-keyshortcuts="/ Control+K"
        sx={{
          mx: 1.5,
          my: 1,
          px: 1.5,
          py: 0.75,
          gap: 1,
          justifyContent: 'flex-start',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          color: 'text.secondary',
          bgcolor: 'background.paper',
          '&:hover': { borderColor: 'text.secondary' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <SearchIcon fontSize="small" />
        <Typography variant="body2" sx={{ flex: 1, textAlign: 'left' }} noWrap>
          {t('search_open')}
        </Typography>
        <Box component="kbd" sx={{ fontFamily: 'monospace', fontSize: 12, border: 1, borderColor: 'divider', borderRadius: 0.5, px: 0.5 }}>
          /
        </Box>
      </ButtonBase>
      {open && <SearchDialog open={open} onClose={() => setOpen(false)} onOpenHit={openHit} />}
    </>
  );
}
