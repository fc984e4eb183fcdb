import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { KEYWORD_GENERATE_MAX, KEYWORD_GENERATED_LENGTH } from '@cd/contracts/listings';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useGenerateKeywords } from '../api/generate-keywords';

/** How many keywords to add to the company (1–500); the server picks unique ones without look-alike characters. */
export function GenerateKeywordsDialog({ companyId, companyName, onClose }: { companyId: number; companyName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const generate = useGenerateKeywords();
  const [count, setCount] = useState('20');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = /^\d{1,3}$/.test(count.trim()) ? Number(count.trim()) : NaN;
    if (!(n >= 1 && n <= KEYWORD_GENERATE_MAX)) return setError(t('keywords_count_invalid', { max: KEYWORD_GENERATE_MAX }));
    setError(null);
    generate.mutate(
      { companyId, count: n },
      {
        onSuccess: (r) => {
          toastSuccess(t('keywords_generated', { count: r.created }));
          onClose();
        },
        onError: (err) => err instanceof ApiError && setError(err.violations[0]?.message ?? err.message),
      },
    );
  };
  return (
    <FormDialog
      open
      onClose={() => !generate.isPending && onClose()}
      onSubmit={submit}
      title={t('keywords_generate')}
      name="keywords-generate"
      submitLabel={t('keywords_generate')}
      submitTestId="keywords-generate-submit"
      busy={generate.isPending}
    >
      <Typography variant="body2" color="text.secondary">
        {t('keywords_generate_hint', { company: companyName, length: KEYWORD_GENERATED_LENGTH })}
      </Typography>
      <TextField
        label={t('keywords_count')}
        value={count}
        autoFocus
        required
        onChange={(e) => setCount(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? t('keywords_count_help', { max: KEYWORD_GENERATE_MAX })}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3, 'data-testid': 'keywords-count' } }}
      />
    </FormDialog>
  );
}
