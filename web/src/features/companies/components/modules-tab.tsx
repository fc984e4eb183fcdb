import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import { MODULES, type TModule } from '@cd/contracts/roles';
import { toastSuccess } from '../../../lib/toast';
import { useToggleCompanyModule } from '../api/toggle-company-module';
import { AvailableRolesForm } from './available-roles-form';

/** modules (super admins): one switch per module, then the roles the company may hand out; each flip is saved at once (PUT toggle_module), like a light switch,
 * so there is no Edit/Save here. A module being saved shows its switch busy. */
export function ModulesTab({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const toggle = useToggleCompanyModule();
  const busy = (m: TModule) => toggle.isPending && toggle.variables?.module === m;

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} data-testid="company-modules">
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('settings_tab_modules')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('modules_hint')}
        </Typography>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          {MODULES.map((m) => (
            <Box
              key={m}
              sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body1" sx={{ fontWeight: 500 }} id={`module-${m}-label`}>
                  {t(`module_${m}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`module_${m}_hint`)}
                </Typography>
              </Box>
              <FormControlLabel
                label={company.modules[m] ? t('enabled') : t('disabled')}
                labelPlacement="start"
                sx={{ m: 0, gap: 1, color: 'text.secondary' }}
                control={
                  <Switch
                    checked={company.modules[m] === true}
                    disabled={busy(m)}
                    onChange={(_e, checked) =>
                      toggle.mutate({ id: company.id, module: m, toggle: checked }, { onSuccess: () => toastSuccess(t('success')) })
                    }
                    slotProps={{ input: { 'aria-labelledby': `module-${m}-label`, 'data-testid': `module-switch-${m}` } as object }}
                  />
                }
              />
            </Box>
          ))}
        </Box>
      </Paper>
      <AvailableRolesForm company={company} />
    </Box>
  );
}
