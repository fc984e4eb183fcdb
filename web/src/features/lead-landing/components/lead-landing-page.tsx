import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TPublicLeadPage } from '@cd/contracts/leads';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PublicCompanyHeading, PublicCompanyShell, PublicFormDone } from '../../../components/ui/public-company-shell';
import { ApiError } from '../../../lib/api-client';
import { useLeadPageQuery } from '../api/get-lead-page';
import { useSubmitLeadMutation } from '../api/submit-lead';
import { normalizePhoneInput } from '../../../lib/public-form';
import { normalizeListingUrlInput } from '../lib/lead-form';

type TField = 'phone' | 'listingUrl';

/**
 * The real-estate landing page `/l/{slug}` (no sign-in): phone first, an optional listing link (prefilled from
 * `?listing=`), and an unticked marketing-consent box carrying the company's wording. Follows the visitor's theme.
 */
export function LeadLandingPage() {
  const { slug = '' } = useParams();
  return (
    <PublicCompanyShell query={useLeadPageQuery(slug)} testIdPrefix="lead-page">
      {(data) => <LeadCard page={data} />}
    </PublicCompanyShell>
  );
}

function LeadCard({ page }: { page: TPublicLeadPage }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const mutation = useSubmitLeadMutation();
  const [phone, setPhone] = useState('');
  const [listingUrl, setListingUrl] = useState(() => (search.get('listing') ?? '').slice(0, 2000));
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [doneText, setDoneText] = useState<string | null>(null);
  const clearError = (field: TField) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<TField, string>> = {};
    if (!phone.trim()) next.phone = t('public_page_phone_required');
    const url = normalizeListingUrlInput(listingUrl);
    if (!url.ok) next.listingUrl = t('lead_page_listing_url_invalid');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length || !url.ok) return;
    mutation.mutate(
      { slug: page.slug, body: { phone: normalizePhoneInput(phone), listingUrl: url.url, marketingConsent: consent } },
      {
        onSuccess: (res) => setDoneText(res.message ?? page.texts.phoneNumberSubmittedText ?? t('public_page_done_text', { company: page.name })),
        onError: (err) => {
          if (!(err instanceof ApiError)) return setFormError(t('public_page_submit_failed'));
          if (err.status === 429) return setFormError(t('public_page_too_many'));
          if (err.status === 404) return setFormError(t('public_page_not_found'));
          const fieldErrors: Partial<Record<TField, string>> = {};
          for (const v of err.violations) {
            if (v.propertyPath === 'phone') fieldErrors.phone = t('public_page_phone_invalid');
            else if (v.propertyPath === 'listingUrl') fieldErrors.listingUrl = t('lead_page_listing_url_invalid');
          }
          if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
          else setFormError(t('public_page_submit_failed'));
        },
      },
    );
  };

  return (
    <>
      {page.heroMobileUrl && (
        <Box component="img" src={page.heroMobileUrl} alt="" sx={{ display: 'block', width: '100%', maxHeight: 200, objectFit: 'cover' }} />
      )}
      <Box sx={{ p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <PublicCompanyHeading name={page.name} logoUrl={page.logoMobileUrl} testId="lead-page-company" />
        {doneText !== null ? (
          <PublicFormDone text={doneText} testId="lead-page-done" />
        ) : (
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy={mutation.isPending}>
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {page.texts.beforePhoneInputText ?? t('lead_page_intro', { company: page.name })}
            </Typography>
            <TextField
              id="lead-phone"
              label={t('public_page_phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              autoFocus
              fullWidth
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                clearError('phone');
              }}
              error={!!errors.phone}
              helperText={errors.phone ?? t('public_page_phone_help')}
              slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'lead-phone' } }}
            />
            {page.texts.beforeManualPropertyUrl && (
              <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {page.texts.beforeManualPropertyUrl}
              </Typography>
            )}
            <TextField
              id="lead-listing-url"
              label={t('lead_page_listing_url')}
              type="url"
              inputMode="url"
              fullWidth
              value={listingUrl}
              onChange={(e) => {
                setListingUrl(e.target.value);
                clearError('listingUrl');
              }}
              error={!!errors.listingUrl}
              helperText={errors.listingUrl ?? t('lead_page_listing_url_help')}
              slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'lead-listing-url' } }}
            />
            {page.texts.afterManualPropertyUrl && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {page.texts.afterManualPropertyUrl}
              </Typography>
            )}
            <Box>
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mr: 0 }}
                control={
                  <Checkbox
                    checked={consent}
                    onChange={(e) => setConsent(e.target.checked)}
                    sx={{ mt: -0.75 }}
                    slotProps={{ input: { 'data-testid': 'lead-consent' } as object }}
                  />
                }
                label={<Typography variant="body2">{page.texts.optInviteMessage ?? ''}</Typography>}
              />
              <FormHelperText sx={{ ml: 4 }}>{t('lead_page_consent_hint')}</FormHelperText>
              {page.termsOfService && (
                <Link
                  href={/^https?:\/\//i.test(page.termsOfService) ? page.termsOfService : `https://${page.termsOfService}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="body2"
                  sx={{ ml: 4 }}
                >
                  {t('public_page_terms')}
                </Link>
              )}
            </Box>
            {formError && (
              <Alert severity="error" data-testid="lead-page-form-error">
                {formError}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={mutation.isPending}
              data-testid="lead-submit"
              startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {page.texts.submitPhoneNumberButtonText ?? t('public_page_submit')}
            </Button>
          </Box>
        )}
      </Box>
    </>
  );
}
