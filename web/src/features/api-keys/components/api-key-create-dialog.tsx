import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TApiKeyCreated } from '@cd/contracts/api-keys';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useCreateApiKey } from '../api/create-api-key';
import { emptyChoices, expiryOf, scopesOf } from '../lib/scope-choices';
import { ApiKeyScopePicker } from './api-key-scope-picker';

/** Name, optional expiry day and scopes; on success hands the created key (with its secret) to the page. */
export function ApiKeyCreateDialog(props: { open: boolean; onClose: () => void; onCreated: (key: TApiKeyCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [choices, setChoices] = useState(emptyChoices);
  const [touched, setTouched] = useState(false);
  const scopes = scopesOf(choices);
  const noScope = touched && scopes.length === 0;

  const reset = () => {
    setName('');
    setExpiry('');
    setChoices(emptyChoices());
    setTouched(false);
    create.reset();
  };
  const close = () => {
    if (create.isPending) return;
    reset();
    props.onClose();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTouched(true);
    if (!scopes.length) return;
    create.mutate(
      { name: name.trim() || null, scopes, expiresAt: expiryOf(expiry) },
      {
        onSuccess: (key) => {
          reset();
          props.onCreated(key);
        },
      },
    );
  };
  const error = create.error ? (create.error instanceof ApiError ? describeError(create.error.body, translateMessage) : t('api_keys_create_failed')) : null;

  return (
    <FormDialog
      open={props.open}
      onClose={close}
      onSubmit={submit}
      title={t('api_keys_create_title')}
      name="api-key-create"
      submitLabel={t('api_keys_create')}
      submitTestId="api-key-create-submit"
      busy={create.isPending}
      maxWidth="md"
    >
      <TextField
        label={t('api_keys_name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'api-key-name' } }}
        helperText={t('api_keys_name_help')}
        autoFocus
      />
      <TextField
        label={t('api_keys_expires')}
        type="date"
        value={expiry}
        onChange={(e) => setExpiry(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'api-key-expiry' } }}
        helperText={t('api_keys_expires_help')}
      />
      <Typography variant="subtitle2">{t('api_keys_scopes')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('api_keys_scopes_help')}
      </Typography>
      <ApiKeyScopePicker value={choices} onChange={setChoices} disabled={create.isPending} />
      {noScope && (
        <Alert severity="warning" data-testid="api-key-no-scope">
          {t('api_keys_scope_required')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="api-key-create-error">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
