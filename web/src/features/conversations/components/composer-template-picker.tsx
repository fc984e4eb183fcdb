import { useState } from 'react';
import TextSnippet from '@mui/icons-material/TextSnippetOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useMessageTemplates } from '../../../api/get-message-templates';

/** The composer's "insert template" button and its menu; templates load only once the menu is opened. */
export function ComposerTemplatePicker({ disabled, onPick }: { disabled: boolean; onPick: (text: string) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const templates = useMessageTemplates({ companyId: null, enabled: !!anchor });

  return (
    <>
      <Tooltip title={t('insert_template')}>
        <span>
          <IconButton
            size="small"
            onClick={(e) => setAnchor(e.currentTarget)}
            disabled={disabled}
            aria-label={t('insert_template')}
            data-testid="composer-template"
          >
            <TextSnippet fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Menu
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 380, maxHeight: 360 } } }}
        data-testid="composer-template-menu"
      >
        {templates.isPending && (
          <MenuItem disabled>
            <CircularProgress size={16} sx={{ mr: 1 }} /> {t('loading')}
          </MenuItem>
        )}
        {templates.isError && <MenuItem disabled>{t('templates_load_failed')}</MenuItem>}
        {templates.data?.length === 0 && <MenuItem disabled>{t('no_templates')}</MenuItem>}
        {templates.data?.map((tpl) => (
          <MenuItem
            key={tpl.id}
            onClick={() => {
              setAnchor(null);
              onPick(tpl.text);
            }}
            data-testid={`composer-template-${tpl.id}`}
          >
            <ListItemText
              primary={tpl.text}
              slotProps={{
                primary: {
                  sx: { whiteSpace: 'normal', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', fontSize: 14 },
                },
              }}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
