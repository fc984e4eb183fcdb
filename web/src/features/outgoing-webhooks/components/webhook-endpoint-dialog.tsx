import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  ZWebhookEndpointCreateSchema,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
} from '@cd/contracts/outgoing-webhooks';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError, describeError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/toast';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';

type TForm = z.input<typeof ZWebhookEndpointCreateSchema>;
const FIELDS = ['url', 'description', 'events', 'enabled'] as const;

/** Contract messages shown in the user's language. */
const MESSAGE_KEYS: Record<string, string> = {
  [WEBHOOK_MESSAGES.badUrl]: 'webhooks_err_bad_url',
  [WEBHOOK_MESSAGES.httpNotAllowed]: 'webhooks_err_https',
  [WEBHOOK_MESSAGES.credentials]: 'webhooks_err_credentials',
  [WEBHOOK_MESSAGES.port]: 'webhooks_err_port',
  [WEBHOOK_MESSAGES.privateAddress]: 'webhooks_err_private',
  [WEBHOOK_MESSAGES.unresolved]: 'webhooks_err_unresolved',
  [WEBHOOK_MESSAGES.tooMany]: 'webhooks_err_too_many',
  'Choose at least one event.': 'webhooks_err_no_events',
};

interface TProps {
  /** 'new' to create; an endpoint to edit; null when closed. */
  endpoint: TWebhookEndpoint | 'new' | null;
  onClose: () => void;
  /** A created endpoint, with its secret (the page shows it right away). */
  onCreated: (endpoint: TWebhookEndpointWithSecret) => void;
}

/** Create or edit an endpoint: URL, description, the events it takes, enabled. */
export function WebhookEndpointDialog({ endpoint, onClose, onCreated }: TProps) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const editing = endpoint !== null && endpoint !== 'new' ? endpoint : null;
  const busy = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<TForm>({
    resolver: zodResolver(ZWebhookEndpointCreateSchema),
    // The page mounts one dialog per endpoint (key), so these are read once per opening.
    defaultValues: editing
      ? { url: editing.url, description: editing.description, events: editing.events as TForm['events'], enabled: editing.enabled }
      : { url: '', description: '', events: [], enabled: true },
  });

  const message = (m: string | undefined) => (m ? t(MESSAGE_KEYS[m] ?? m, { defaultValue: m }) : undefined);
  const close = () => {
    if (!busy) onClose();
  };
  const onError = (error: unknown) => {
    if (error instanceof ApiError) {
      const violations = (error.body as { violations?: { propertyPath: string; message: string }[] } | null)?.violations ?? [];
      let placed = false;
      for (const v of violations)
        if ((FIELDS as readonly string[]).includes(v.propertyPath)) {
          setError(v.propertyPath as (typeof FIELDS)[number], { message: v.message });
          placed = true;
        }
      if (!placed) setGeneralError(message(describeError(error.body, translateMessage)) ?? t('webhooks_save_failed'));
    } else setGeneralError(t('webhooks_save_failed'));
  };

  const onSubmit = handleSubmit((values) => {
    setGeneralError(null);
    const body = { url: values.url.trim(), description: values.description ?? '', events: values.events, enabled: values.enabled ?? true };
    if (editing)
      update.mutate(
        { id: editing.id, patch: body },
        {
          onSuccess: () => {
            toastSuccess(t('webhooks_saved'));
            onClose();
          },
          onError,
        },
      );
    else
      create.mutate(body, {
        onSuccess: (created) => {
          toastSuccess(t('webhooks_created'));
          onCreated(created);
        },
        onError,
      });
  });

  return (
    <FormDialog
      open={endpoint !== null}
      onClose={close}
      onSubmit={(e) => void onSubmit(e)}
      title={t(editing ? 'webhooks_edit_title' : 'webhooks_new_title')}
      name="webhook-endpoint"
      submitLabel={t(editing ? 'save' : 'webhooks_create')}
      submitTestId="webhook-endpoint-submit"
      busy={busy}
    >
      {generalError && <Alert severity="error">{generalError}</Alert>}
      <TextField
        label={t('webhooks_url')}
        placeholder="https://example.com/webhooks/courier"
        autoFocus
        required
        fullWidth
        inputMode="url"
        {...register('url')}
        error={!!errors.url}
        helperText={message(errors.url?.message) ?? t('webhooks_url_help')}
        slotProps={{ htmlInput: { 'data-testid': 'webhook-url' } }}
      />
      <TextField
        label={t('webhooks_description')}
        fullWidth
        {...register('description')}
        error={!!errors.description}
        helperText={message(errors.description?.message)}
        slotProps={{ htmlInput: { 'data-testid': 'webhook-description' } }}
      />
      <Controller
        control={control}
        name="events"
        render={({ field }) => (
          <FormControl component="fieldset" error={!!errors.events} variant="standard">
            <FormLabel component="legend">{t('webhooks_events')}</FormLabel>
            <FormGroup>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  label={`${t(`webhooks_event_${type.replace('.', '_')}`)} (${type})`}
                  control={
                    <Checkbox
                      checked={field.value.includes(type)}
                      onChange={(e) => field.onChange(e.target.checked ? [...field.value, type] : field.value.filter((v) => v !== type))}
                      slotProps={{ input: { 'data-testid': `webhook-event-${type}` } as object }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {errors.events && <FormHelperText>{message(errors.events.message ?? errors.events.root?.message)}</FormHelperText>}
          </FormControl>
        )}
      />
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <FormControlLabel
            label={t('webhooks_enabled')}
            control={
              <Switch
                checked={field.value ?? true}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'webhook-enabled' } as object }}
              />
            }
          />
        )}
      />
    </FormDialog>
  );
}
