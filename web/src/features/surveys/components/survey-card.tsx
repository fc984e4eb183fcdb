import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { REVIEW_SITES, type TSurvey } from '@cd/contracts/survey';
import { formatPhone } from '../../../lib/format';
import { canResolveSurvey, formatInZone, REVIEW_SITE_LABELS, surveyStatusesOf, type TSurveyStatus } from '../lib/survey-format';

const STATUS_COLORS: Record<TSurveyStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'default',
  positive: 'success',
  negative: 'error',
  unresolved: 'warning',
  resolved: 'info',
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** One sent survey: who, which order, the answer and what followed (spec part 2 §4); Resolve on a negative unresolved one. */
export function SurveyCard({ survey, timeZone, onResolve }: { survey: TSurvey; timeZone: string; onResolve: (survey: TSurvey) => void }) {
  const { t } = useTranslation();
  const inZone = (value: string | null | undefined) => formatInZone({ value, timeZone });
  const statuses = surveyStatusesOf(survey);
  const clicks = REVIEW_SITES.filter((s) => survey.reviewClicks[s]);
  const accent = survey.answer === null ? 'divider' : survey.answer ? 'success.main' : survey.resolvedAt ? 'info.main' : 'error.main';

  return (
    <Paper
      variant="outlined"
      component="article"
      sx={{ p: { xs: 1.5, sm: 2 }, borderLeft: 4, borderLeftColor: accent, display: 'flex', flexDirection: 'column', gap: 1.25 }}
      data-testid={`survey-row-${survey.id}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {statuses.map((s) => (
          <Chip
            key={s}
            size="small"
            color={STATUS_COLORS[s]}
            variant={s === 'pending' ? 'outlined' : 'filled'}
            label={t(`surveys_status_${s}`)}
            data-testid={`survey-status-${s}`}
          />
        ))}
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }} title={t('surveys_sent_at')}>
          {inZone(survey.message.sentAt)}
        </Typography>
      </Box>

      <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}>
        <Field label={t('surveys_customer')}>
          <Link
            component={RouterLink}
            to={`/communication/${survey.customer.id}/messenger`}
            sx={{ fontWeight: 600 }}
            data-testid={`survey-customer-${survey.id}`}
          >
            {survey.customer.name || formatPhone(survey.customer.phone)}
          </Link>
          {survey.customer.name && survey.customer.phone && (
            <Typography variant="caption" color="text.secondary" component="div">
              {formatPhone(survey.customer.phone)}
            </Typography>
          )}
        </Field>
        <Field label={t('surveys_repair_order')}>
          {survey.repairOrder ? (
            <Link component={RouterLink} to={`/repair-orders/${survey.repairOrder.id}`}>
              #{survey.repairOrder.number}
            </Link>
          ) : (
            '—'
          )}
        </Field>
        <Field label={t('surveys_advisor')}>{survey.advisor?.name ?? '—'}</Field>
        <Field label={t('surveys_answered_at')}>
          {survey.answeredAt ? inZone(survey.answeredAt) : survey.resentAt ? t('surveys_reminded', { time: inZone(survey.resentAt) }) : '—'}
        </Field>
      </Box>

      {survey.answers.length > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1fr)' }, columnGap: 2, rowGap: 0.5 }}>
          {survey.answers.map((a) => (
            <Box key={a.questionId} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {a.question}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {a.answer || '—'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}

      {survey.comment && (
        <Typography
          variant="body2"
          sx={{ fontStyle: 'italic', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid={`survey-comment-${survey.id}`}
        >
          “{survey.comment}”
        </Typography>
      )}

      {(clicks.length > 0 || survey.followUp || survey.resolvedAt || canResolveSurvey(survey)) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {clicks.map((site) => (
            <Chip
              key={site}
              size="small"
              variant="outlined"
              icon={<OpenInNew />}
              label={REVIEW_SITE_LABELS[site]}
              title={t('surveys_review_clicked', { time: inZone(survey.reviewClicks[site]) })}
            />
          ))}
          {survey.followUp && (
            <Typography
              variant="caption"
              color={survey.followUp.doneAt ? 'text.secondary' : 'text.primary'}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
              data-testid={`survey-follow-up-${survey.id}`}
            >
              <TaskAltOutlined sx={{ fontSize: 16 }} color={survey.followUp.doneAt ? 'success' : 'action'} />
              {survey.followUp.doneAt
                ? t('surveys_follow_up_done', { name: survey.followUp.assignee?.name ?? '—', time: inZone(survey.followUp.doneAt) })
                : t('surveys_follow_up_due', { name: survey.followUp.assignee?.name ?? '—', time: inZone(survey.followUp.dueAt) })}
            </Typography>
          )}
          {survey.resolvedAt && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexBasis: '100%' }}>
              <CheckCircleOutlined sx={{ fontSize: 16 }} color="info" />
              {t('surveys_resolved_by', { name: survey.resolvedBy?.name ?? '—', time: inZone(survey.resolvedAt) })}
              {survey.resolutionNote ? ` — ${survey.resolutionNote}` : ''}
            </Typography>
          )}
          {canResolveSurvey(survey) && (
            <Button
              size="small"
              variant="contained"
              color="primary"
              sx={{ ml: 'auto' }}
              onClick={() => onResolve(survey)}
              data-testid={`survey-resolve-${survey.id}`}
            >
              {t('surveys_resolve')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
