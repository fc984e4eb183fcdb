import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomerSimple } from '@cd/contracts/customer';
import type { TQuestionnaire } from '@cd/contracts/questionnaires';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useQuestionnaires } from '../api/get-questionnaires';
import { useSendQuestionnaire } from '../api/send-questionnaire';
import { CustomerPicker } from './customer-picker';

/**
 * Texts a questionnaire's link to a customer. From the builder the questionnaire is given and the customer picked;
 * from the customer details the customer is given and an active questionnaire picked.
 */
export function SendQuestionnaireDialog(props: { questionnaire?: TQuestionnaire; customer?: TCustomerSimple; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendQuestionnaire();
  const active = useQuestionnaires(false);
  const [customer, setCustomer] = useState<TCustomerSimple | null>(props.customer ?? null);
  const [questionnaireId, setQuestionnaireId] = useState<number | ''>(props.questionnaire?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!customer) return setError(t('questionnaires_pick_customer'));
    if (questionnaireId === '') return setError(t('questionnaires_pick_questionnaire'));
    setError(null);
    send.mutate(
      { id: questionnaireId, customer: customer.id },
      {
        onSuccess: () => {
          toastSuccess(t('questionnaires_sent', { name: customer.name }));
          props.onClose();
        },
        onError: (err) => setError(err instanceof ApiError ? (err.violations[0]?.message ?? err.message) : err.message),
      },
    );
  };
  return (
    <FormDialog
      open
      onClose={() => !send.isPending && props.onClose()}
      onSubmit={submit}
      title={t('questionnaires_send_title')}
      name="questionnaire-send"
      submitLabel={t('questionnaires_send')}
      submitTestId="questionnaire-send-submit"
      busy={send.isPending}
    >
      {props.questionnaire ? (
        <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
          {props.questionnaire.name}
        </Typography>
      ) : (
        <TextField
          select
          label={t('questionnaires_questionnaire')}
          value={questionnaireId}
          onChange={(e) => setQuestionnaireId(Number(e.target.value))}
          disabled={active.isPending}
          helperText={active.data && active.data.member.length === 0 ? t('questionnaires_none_active') : undefined}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'questionnaire-send-pick' } as object } }}
        >
          {(active.data?.member ?? []).map((q) => (
            <MenuItem key={q.id} value={q.id}>
              {q.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {props.customer ? (
        <Typography variant="body2">{t('questionnaires_send_to', { name: props.customer.name })}</Typography>
      ) : (
        <CustomerPicker value={customer} onChange={setCustomer} disabled={send.isPending} />
      )}
      <Typography variant="body2" color="text.secondary">
        {t('questionnaires_send_hint')}
      </Typography>
      {error && (
        <Alert severity="error" data-testid="questionnaire-send-error">
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}
