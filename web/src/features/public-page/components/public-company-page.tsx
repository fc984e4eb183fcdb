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
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import type { TPublicCompany } from '@cd/contracts/public-page';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PublicCompanyHeading, PublicCompanyShell, PublicFormDone } from '../../../components/ui/public-company-shell';
import { ApiError } from '../../../lib/api-client';
import { usePublicCompanyQuery } from '../api/get-public-company';
import { useSubmitOptInMutation } from '../api/submit-opt-in';
import { normalizePhoneInput } from '../../../lib/public-form';

type TField = 'firstName' | 'lastName' | 'phone' | 'consent';

/** The page a company's QR code opens: no sign-in, the company's colours and texts, one form. */
export function PublicCompanyPage() {
  const { slug = '' } = useParams();
  return (
    <PublicCompanyShell query={usePublicCompanyQuery(slug)} testIdPrefix="public-page">
      {(data) => <OptInCard company={data} />}
    </PublicCompanyShell>
  );
}

function OptInCard({ company }: { company: TPublicCompany }) {
  const { t } = useTranslation();
  const mutation = useSubmitOptInMutation();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const clearError = (field: TField) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<TField, string>> = {};
    if (!firstName.trim()) next.firstName = t('public_page_first_name_required');
    if (!phone.trim()) next.phone = t('public_page_phone_required');
    if (!consent) next.consent = t('public_page_consent_required');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length) return;
    mutation.mutate(
      { slug: company.slug, body: { firstName: firstName.trim(), lastName: lastName.trim() || undefined, phone: normalizePhoneInput(phone), consent: true } },
      {
        onSuccess: () => setDone(true),
        onError: (err) => {
          if (!(err instanceof ApiError)) return setFormError(t('public_page_submit_failed'));
          if (err.status === 429) return setFormError(t('public_page_too_many'));
          if (err.status === 404) return setFormError(t('public_page_not_found'));
          const fieldErrors: Partial<Record<TField, string>> = {};
          for (const v of err.violations) {
            const field = v.propertyPath as TField;
            if (field === 'phone') fieldErrors.phone = t('public_page_phone_invalid');
            else if (field === 'firstName') fieldErrors.firstName = t('public_page_first_name_required');
            else if (field === 'consent') fieldErrors.consent = t('public_page_consent_required');
            else if (field === 'lastName') fieldErrors.lastName = t('public_page_name_too_long');
          }
          if (Object.keys(fieldErrors).length) setErrors(fieldErrors);
          else setFormError(t('public_page_submit_failed'));
        },
      },
    );
  };

  return (
    <>
      {company.heroMobileUrl && (
        <Box component="img" src={company.heroMobileUrl} alt="" sx={{ display: 'block', width: '100%', maxHeight: 220, objectFit: 'cover' }} />
      )}
      <Box sx={{ p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <PublicCompanyHeading name={company.name} logoUrl={company.logoMobileUrl} testId="public-company-name" />
        {company.bookingEnabled && (
          <Button component={RouterLink} to={`/book/${company.slug}`} variant="outlined" fullWidth startIcon={<EventAvailableOutlined />} sx={{ mb: 2 }} data-testid="public-company-book">
            {t('public_page_book_appointment')}
          </Button>
        )}
        {done ? (
          <PublicFormDone text={company.texts.afterSubmitText ?? t('public_page_done_text', { company: company.name })} testId="public-opt-in-done" />
        ) : (
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-busy={mutation.isPending}>
            <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
              {company.texts.beforeNameInputText ?? t('public_page_intro', { company: company.name })}
            </Typography>
            <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
              <TextField
                id="opt-in-first-name"
                label={t('public_page_first_name')}
                autoComplete="given-name"
                required
                fullWidth
                value={firstName}
                onChange={(e) => {
                  setFirstName(e.target.value);
                  clearError('firstName');
                }}
                error={!!errors.firstName}
                helperText={errors.firstName}
                slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'opt-in-first-name' } }}
              />
              <TextField
                id="opt-in-last-name"
                label={t('public_page_last_name')}
                autoComplete="family-name"
                fullWidth
                value={lastName}
                onChange={(e) => {
                  setLastName(e.target.value);
                  clearError('lastName');
                }}
                error={!!errors.lastName}
                helperText={errors.lastName}
                slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'opt-in-last-name' } }}
              />
            </Box>
            {company.texts.beforePhoneInputText && (
              <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {company.texts.beforePhoneInputText}
              </Typography>
            )}
            <TextField
              id="opt-in-phone"
              label={t('public_page_phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              required
              fullWidth
              value={phone}
              onChange={(e) => {
                  setPhone(e.target.value);
                  clearError('phone');
                }}
              error={!!errors.phone}
              helperText={errors.phone ?? t('public_page_phone_help')}
              slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'opt-in-phone' } }}
            />
            <Box>
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mr: 0 }}
                control={<Checkbox checked={consent} onChange={(e) => {
                      setConsent(e.target.checked);
                      clearError('consent');
                    }} sx={{ mt: -1 }} slotProps={{ input: { 'aria-describedby': 'opt-in-consent-error', 'data-testid': 'opt-in-consent' } as object }} />}
                label={
                  <Typography variant="body2">
                    {t('public_page_consent', { company: company.name })}
                    {company.termsOfService && (
                      <>
                        {' '}
                        <Link href={termsHref(company.termsOfService)} target="_blank" rel="noopener noreferrer">
                          {t('public_page_terms')}
                        </Link>
                      </>
                    )}
                  </Typography>
                }
              />
              {errors.consent && (
                <FormHelperText error id="opt-in-consent-error">
                  {errors.consent}
                </FormHelperText>
              )}
            </Box>
            {formError && (
              <Alert severity="error" data-testid="opt-in-error">
                {formError}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} data-testid="opt-in-submit" startIcon={mutation.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}>
              {company.texts.submitPhoneNumberButtonText ?? t('public_page_submit')}
            </Button>
          </Box>
        )}
      </Box>
    </>
  );
}

/** Terms URLs may be stored without a scheme (spec: domain-only URLs are valid). */
function termsHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}
