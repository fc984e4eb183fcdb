import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import { ASSIGNABLE_ROLES } from '@cd/contracts/roles';
import { useSettingsForm } from '../hooks/use-settings-form';
import { roleLabelKey } from '../lib/user-form';
import { SettingsSection } from './settings-section';

/** ROLE_USER is every user's base role, never a choice. */
const CHOICES = ASSIGNABLE_ROLES.filter((r) => r !== 'ROLE_USER');
const toValues = (c: TCompany) => ({ availableUserRoles: CHOICES.filter((r) => c.availableUserRoles.includes(r)) as string[] });

/** modules → the roles this company's admins may hand to its users (super admins; the users dialog offers these). */
export function AvailableRolesForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const form = useSettingsForm({ company, toValues });
  const chosen = form.editing ? form.values.availableUserRoles : toValues(company).availableUserRoles;
  const flip = (role: string, on: boolean) =>
    form.setValues({ availableUserRoles: CHOICES.filter((r) => (r === role ? on : chosen.includes(r))) });

  return (
    <SettingsSection title={t('available_user_roles')} testId="available-roles" form={form}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {t('available_user_roles_hint')}
      </Typography>
      {form.editing ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
          {CHOICES.map((role) => (
            <FormControlLabel
              key={role}
              label={t(roleLabelKey(role), { defaultValue: role })}
              control={
                <Checkbox
                  checked={chosen.includes(role)}
                  onChange={(_e, on) => flip(role, on)}
                  slotProps={{ input: { 'data-testid': `available-role-${role}` } as object }}
                />
              }
            />
          ))}
        </Box>
      ) : chosen.length ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="available-roles-view">
          {chosen.map((role) => (
            <Chip key={role} size="small" variant="outlined" label={t(roleLabelKey(role), { defaultValue: role })} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.disabled" data-testid="available-roles-view">
          {t('available_user_roles_none')}
        </Typography>
      )}
    </SettingsSection>
  );
}
