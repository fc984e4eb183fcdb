import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TRoleCatalogueEntry } from '@cd/contracts/role-catalogue';
import { useTranslation } from 'react-i18next';

/** The web menu's label of an entry key (`customer-groups` → `menu_customer_groups`), else the key itself. */
const menuLabelKey = (key: string) => `menu_${key.replace(/-/g, '_')}`;

/** One role: its label, what it is for, who holds it, the menu entries it shows and the API areas it opens. */
export function RoleCard({ entry }: { entry: TRoleCatalogueEntry }) {
  const { t } = useTranslation();
  const titleId = `role-${entry.role}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}
      data-testid="role-card"
      data-role={entry.role}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t(entry.labelKey, { defaultValue: entry.role })}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {entry.role}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {entry.description}
      </Typography>
      <Typography variant="body2" data-testid="role-user-count">
        {t('roles_user_count', { count: entry.userCount })}
      </Typography>
      <Box>
        <Typography variant="overline" color="text.secondary" component="h3">
          {t('roles_menu_entries')}
        </Typography>
        {entry.menu.length === 0 ? (
          <Typography variant="body2" color="text.disabled">
            {t('roles_none')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} data-testid="role-menu">
            {entry.menu.map((m) => (
              <Chip key={m.key} size="small" variant="outlined" label={`${t(menuLabelKey(m.key), { defaultValue: m.key })} · ${m.path}`} />
            ))}
          </Box>
        )}
      </Box>
      <Box>
        <Typography variant="overline" color="text.secondary" component="h3">
          {t('roles_api_areas')}
        </Typography>
        {entry.apiAreas.length === 0 ? (
          <Typography variant="body2" color="text.disabled">
            {t('roles_none')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.75 }} data-testid="role-areas">
            {entry.apiAreas.map((a) => (
              <li key={a.area}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {a.area}
                </Typography>
                <Typography variant="body2" component="span" color="text.secondary">
                  {' — '}
                  {a.description}
                </Typography>
                <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {a.paths.join('  ')}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
