import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MARKETING_CONSENT_SOURCES, type TMarketingConsentSource } from '@cd/contracts/offers';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { useChangeMarketingConsent, useMarketingConsent } from '../api/marketing-consent';

const WORDING_MAX = 2000;

function RecordConsentDialog({ customerId, onClose }: { customerId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeMarketingConsent(customerId);
  const [source, setSource] = useState<TMarketingConsentSource>('staff');
  const [wording, setWording] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (wording.trim().length < 10) return setError(t('consent_wording_short'));
    change.mutate(
      { source, wording: wording.trim() },
      { onSuccess: onClose, onError: (err) => err instanceof ApiError && setError(err.violations[0]?.message ?? err.message) },
    );
  };
  return (
    <FormDialog
      open
      onClose={() => !change.isPending && onClose()}
      onSubmit={submit}
      title={t('consent_record')}
      name="marketing-consent"
      submitLabel={t('consent_record')}
      submitTestId="marketing-consent-submit"
      busy={change.isPending}
    >
      <TextField
        select
        label={t('consent_source')}
        value={source}
        onChange={(e) => setSource(e.target.value as TMarketingConsentSource)}
        slotProps={{ htmlInput: { 'data-testid': 'marketing-consent-source' } }}
      >
        {MARKETING_CONSENT_SOURCES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`consent_source_${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('consent_wording')}
        value={wording}
        multiline
        minRows={3}
        required
        autoFocus
        onChange={(e) => setWording(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? t('consent_wording_help')}
        slotProps={{ htmlInput: { maxLength: WORDING_MAX, 'data-testid': 'marketing-consent-wording' } }}
      />
    </FormDialog>
  );
}

/**
 * The customer's marketing consent (separate from conversational consent: offers go only to customers with one): who
 * recorded it, from where, the exact wording, when; record or revoke. Shown to the offers and marketing roles.
 */
export function MarketingConsentSection({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const allowed = isCompanyAdmin(me) || me.roles.includes('ROLE_OFFERS') || me.roles.includes('ROLE_MARKETING');
  const consent = useMarketingConsent(customerId, allowed);
  const change = useChangeMarketingConsent(customerId);
  const [recording, setRecording] = useState(false);
  const [revoking, setRevoking] = useState(false);
  // No role, or the offers module off (403): nothing to show.
  if (!allowed || consent.isError || !consent.data) return null;
  const c = consent.data;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880, mx: 'auto', mt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid="marketing-consent-section"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <CampaignOutlined color="action" />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t('consent_title')}
        </Typography>
        <Chip
          size="small"
          color={c.active ? 'success' : 'default'}
          variant={c.active ? 'filled' : 'outlined'}
          label={c.active ? t('consent_active') : t('consent_none')}
          data-testid="marketing-consent-state"
          data-active={c.active}
        />
      </Box>
      {c.optedOut && <Alert severity="warning">{t('consent_opted_out')}</Alert>}
      {c.grantedAt && (
        <Typography variant="body2" color="text.secondary">
          {t('consent_granted', { date: formatDateTime(c.grantedAt), source: c.source ? t(`consent_source_${c.source}`) : '—' })}
          {c.revokedAt && ` · ${t('consent_revoked', { date: formatDateTime(c.revokedAt) })}`}
        </Typography>
      )}
      {c.wording && (
        <Typography
          variant="body2"
          sx={{ fontStyle: 'italic', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="marketing-consent-wording-shown"
        >
          “{c.wording}”
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {c.active ? (
          <Button size="small" color="error" onClick={() => setRevoking(true)} data-testid="marketing-consent-revoke">
            {t('consent_revoke')}
          </Button>
        ) : (
          <Button size="small" variant="outlined" onClick={() => setRecording(true)} disabled={c.optedOut} data-testid="marketing-consent-record">
            {t('consent_record')}
          </Button>
        )}
      </Box>
      {recording && <RecordConsentDialog customerId={customerId} onClose={() => setRecording(false)} />}
      <ConfirmDialog
        open={revoking}
        title={t('consent_revoke')}
        text={t('consent_revoke_text')}
        confirmLabel={t('consent_revoke')}
        busy={change.isPending}
        onClose={() => setRevoking(false)}
        onConfirm={() => change.mutate(null, { onSuccess: () => setRevoking(false) })}
      />
    </Paper>
  );
}
