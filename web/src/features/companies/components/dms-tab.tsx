import { useState } from 'react';
import Sync from '@mui/icons-material/Sync';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import { isCompanyAdmin, isSuperAdmin } from '@cd/contracts/roles';
import { useCurrentUser } from '../../../lib/current-user';
import { toastSuccess } from '../../../lib/toast';
import { useSyncServiceWriters } from '../api/sync-service-writers';
import { dmsImportAvailability } from '../lib/dms-import';
import type { TGroupField, TGroupValues } from '../lib/group-settings';
import { DmsImportBox } from './dms-import-box';
import { GroupSettingsForm } from './group-settings-form';

const DMS_FIELDS: TGroupField[] = [
  {
    name: 'dmsType',
    label: 'dms_type',
    kind: 'select',
    options: [
      { value: '', label: 'none' },
      { value: 'vendor_a', label: 'dms_vendor_a' },
      { value: 'vendor_b', label: 'dms_vendor_b' },
    ],
  },
  { name: 'enabled', label: 'dms_enabled', kind: 'switch', hint: 'dms_enabled_hint' },
  { name: 'dtCompanyNumber', label: 'dms_dt_company_number', kind: 'text' },
  { name: 'dtEnterpriseCode', label: 'dms_dt_enterprise_code', kind: 'text' },
  { name: 'dtBlockedServiceWriters', label: 'dms_dt_blocked_service_writers', kind: 'list' },
  { name: 'dtBlockedCustomerKeys', label: 'dms_dt_blocked_customer_keys', kind: 'list' },
  { name: 'cdkSubscriptionId', label: 'dms_cdk_subscription_id', kind: 'text' },
  { name: 'sendApprovedRepairOrderLinesToDms', label: 'dms_send_approved_lines', kind: 'switch' },
];

/** Vendor A uses the dt-prefixed fields, vendor B the cdk-prefixed ones; the rest need some type (spec part 2 §3/§4). */
function isDmsFieldVisible(field: TGroupField, values: TGroupValues): boolean {
  const type = values.dmsType;
  if (field.name === 'dmsType') return true;
  if (!type) return false;
  if (field.name.startsWith('dt')) return type === 'vendor_a';
  if (field.name.startsWith('cdk')) return type === 'vendor_b';
  return true;
}

/** dms (automotive companies): super admins set the dealer system up; everyone else reads it. */
export function DmsTab({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const { roles } = useCurrentUser();
  const superAdmin = isSuperAdmin(roles);
  const importAvailability = dmsImportAvailability(company);
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <GroupSettingsForm
        company={company}
        group="dms"
        fields={DMS_FIELDS}
        title={t('settings_tab_dms')}
        testId="company-dms"
        canEdit={superAdmin}
        isVisible={isDmsFieldVisible}
        intro={
          !superAdmin && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('dms_super_admin_only')}
            </Typography>
          )
        }
      />
      {superAdmin && company.dms?.dmsType === 'vendor_a' && <ServiceWritersSync companyId={company.id} />}
      {/* The server lets this company's admins import too (and refuses plain users), unlike the writer sync. */}
      {isCompanyAdmin(roles) && importAvailability !== 'hidden' && (
        <DmsImportBox companyId={company.id} enabled={importAvailability === 'ready'} />
      )}
    </Box>
  );
}

function ServiceWritersSync({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const sync = useSyncServiceWriters();
  const [addMissing, setAddMissing] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="dms-sync">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {t('dms_service_writers')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('dms_service_writers_hint')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Checkbox checked={addMissing} onChange={(_e, c) => setAddMissing(c)} />}
          label={t('dms_add_missing_users')}
        />
        <Button
          type="button"
          variant="outlined"
          startIcon={<Sync />}
          loading={sync.isPending}
          onClick={() => sync.mutate({ companyId, addMissing }, { onSuccess: () => toastSuccess(t('success')) })}
          data-testid="dms-sync-button"
        >
          {t('dms_sync_service_writers')}
        </Button>
      </Box>
    </Paper>
  );
}
