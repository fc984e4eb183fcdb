import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCustomer } from '@cd/contracts/customer';
import type { TAnswer, TQuestionnaireResponse } from '@cd/contracts/questionnaires';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { useCustomerQuestionnaireResponses } from '../api/get-customer-questionnaire-responses';
import { canUseQuestionnaires } from './questionnaires-page';
import { SendQuestionnaireDialog } from './send-questionnaire-dialog';

function answerText(a: TAnswer, t: (k: string) => string): string {
  if (a.value === null) return '—';
  if (typeof a.value === 'boolean') return t(a.value ? 'yes' : 'no');
  return String(a.value);
}

function ResponseCard({ r }: { r: TQuestionnaireResponse }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid={`questionnaire-response-${r.id}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {r.questionnaireName}
        </Typography>
        <Chip
          size="small"
          color={r.state === 'answered' ? 'success' : 'default'}
          label={r.state === 'answered' ? t('questionnaires_state_answered') : t('questionnaires_state_sent')}
        />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {r.answeredAt ? t('questionnaires_answered_at', { at: formatDateTime(r.answeredAt) }) : t('questionnaires_sent_at', { at: formatDateTime(r.sentAt) })}
      </Typography>
      {r.answers.length > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 1fr) 2fr' }, columnGap: 2, rowGap: 0.5 }}>
          {r.answers.map((a) => (
            <Box key={a.questionId} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {a.question}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {answerText(a, t)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * "Questionnaires" on the customer details (composed in by the app): what was sent to this customer and the answers,
 * and a button to send one. Hidden without the module or the role.
 */
export function CustomerQuestionnairesSection({ customer }: { customer: TCustomer | undefined }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const allowed = canUseQuestionnaires(me);
  const responses = useCustomerQuestionnaireResponses(customer?.id ?? 0, allowed);
  const [sending, setSending] = useState(false);
  if (!allowed || !customer) return null;
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.phone || `#${customer.id}`;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880, mx: 'auto', mt: 2 }} data-testid="customer-questionnaires">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontWeight: 700, fontSize: '1rem' }}>
          {t('screen_questionnaires')}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<SendOutlined />}
          onClick={() => setSending(true)}
          disabled={customer.optOut}
          data-testid="customer-questionnaire-send"
        >
          {t('questionnaires_send')}
        </Button>
      </Box>
      {responses.isPending ? (
        <Skeleton variant="rounded" height={60} />
      ) : responses.isError ? (
        <Alert severity="error">{t('questionnaires_load_error')}</Alert>
      ) : responses.data.member.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('questionnaires_customer_empty')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {responses.data.member.map((r) => (
            <ResponseCard key={r.id} r={r} />
          ))}
        </Box>
      )}
      {sending && (
        <SendQuestionnaireDialog
          customer={{ '@id': `/api/customers/${customer.id}`, id: customer.id, name, phone: customer.phone ?? null }}
          onClose={() => setSending(false)}
        />
      )}
    </Paper>
  );
}
