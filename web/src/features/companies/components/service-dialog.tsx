import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { SERVICE_DESCRIPTION_MAX, SERVICE_TITLE_MAX, type TCompanyService } from '@cd/contracts/company-service';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreateCompanyService } from '../api/create-company-service';
import { useUpdateCompanyService } from '../api/update-company-service';
import {
  changedServiceFields,
  parseServiceForm,
  serviceMessageKey,
  toServiceFormValues,
  type TServiceErrors,
  type TServiceField,
  type TServiceFormValues,
} from '../lib/service-form';
import { NumericInput } from '../../../components/ui/numeric-input';

const FIELDS: readonly TServiceField[] = ['title', 'description', 'duration', 'price'];

interface TProps {
  companyId: number;
  /** null adds a service. */
  service: TCompanyService | null;
  onClose: () => void;
}

/** Add or edit one service: duration in minutes, price typed in dollars and sent in cents (spec part 2 §5). Mount it
 * only while open so every opening starts from the service's saved values. */
export function ServiceDialog({ companyId, service, onClose }: TProps) {
  const { t } = useTranslation();
  const create = useCreateCompanyService();
  const update = useUpdateCompanyService();
  const [values, setValues] = useState<TServiceFormValues>(() => toServiceFormValues(service));
  const [errors, setErrors] = useState<TServiceErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const close = () => {
    if (!busy) onClose();
  };

  const onError = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 422) return;
    const next: TServiceErrors = {};
    const unplaced: string[] = [];
    for (const v of error.violations) {
      if ((FIELDS as readonly string[]).includes(v.propertyPath)) next[v.propertyPath as TServiceField] ??= serviceMessageKey(v.message);
      else unplaced.push(v.message);
    }
    setErrors(next);
    if (unplaced.length || error.violations.length === 0) setGeneralError(unplaced.join(' ') || error.message);
  };

  const onSuccess = () => {
    toastSuccess(t('success'));
    onClose();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setGeneralError(null);
    const { errors: found, body } = parseServiceForm(values);
    setErrors(found);
    if (!body) return;
    if (!service) {
      create.mutate({ companyId, body }, { onSuccess, onError });
      return;
    }
    const patch = changedServiceFields(service, body);
    if (Object.keys(patch).length === 0) {
      toast.warning(t('no_changes'));
      return;
    }
    update.mutate({ companyId, id: service.id, patch }, { onSuccess, onError });
  };

  const field = (name: TServiceField) => ({
    id: `service-${name}`,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: !!errors[name],
    helperText: errors[name] ? t(errors[name], { defaultValue: errors[name] }) : undefined,
  });

  const numberField = (name: 'duration' | 'price') => ({ ...field(name), onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })) });

  return (
    <FormDialog
      open
      onClose={close}
      onSubmit={submit}
      title={service ? t('service_edit') : t('service_add')}
      name="service"
      submitLabel={t('save')}
      submitTestId="service-submit"
      busy={busy}
    >
      {generalError && (
        <Alert severity="error" data-testid="service-error">
          {generalError}
        </Alert>
      )}
      <TextField
        {...field('title')}
        label={t('service_title')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: SERVICE_TITLE_MAX, 'data-testid': 'service-field-title' } }}
      />
      <TextField
        {...field('description')}
        label={t('description')}
        multiline
        minRows={2}
        maxRows={6}
        slotProps={{ htmlInput: { maxLength: SERVICE_DESCRIPTION_MAX, 'data-testid': 'service-field-description' } }}
      />
      <NumericInput
        {...numberField('duration')}
        label={t('service_duration')}
        required
        suffix={t('minutes_short')}
        testId="service-field-duration"
      />
      <NumericInput
        {...numberField('price')}
        label={t('price')}
        required
        placeholder="0.00"
        prefix="$"
        decimalScale={2}
        thousandSeparator
        testId="service-field-price"
        helperText={field('price').helperText ?? t('service_price_hint')}
      />
    </FormDialog>
  );
}
