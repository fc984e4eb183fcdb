import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TSurvey } from '@cd/contracts/survey';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAutomatedMessages } from '../api/get-automated-messages';
import { useSurvey } from '../api/get-survey';
import { isFollowUpOverdue, reviewClicksOf, surveyCancelReasonKeyOf, surveySendsAtOf, surveyStatusOf } from '../lib/survey-view';
import { SectionTitle } from './section-title';

const REVIEW_SITE_NAMES = { google: 'Google', yelp: 'Yelp', facebook: 'Facebook' } as const;

function Part({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box sx={{ py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** Sent / planned / answered / not sent, in one line under the heading. */
function SurveyTimeline({ survey }: { survey: TSurvey }) {
  const { t } = useTranslation();
  const messages = useAutomatedMessages({ entity: 'survey', id: survey.state === 'planned' ? survey.id : null });
  const parts: string[] = [];
  if (survey.state === 'planned') {
    const at = surveySendsAtOf(messages.data);
    parts.push(at ? t('order_survey_sends_at', { time: formatDateTime(at) }) : t('order_survey_waits'));
  }
  if (survey.state === 'cancelled') parts.push(t(surveyCancelReasonKeyOf(survey)));
  if (survey.message.sentAt) parts.push(t('order_survey_sent_at', { time: formatDateTime(survey.message.sentAt) }));
  if (survey.resentAt) parts.push(t('order_survey_resent_at', { time: formatDateTime(survey.resentAt) }));
  if (survey.state === 'pending') parts.push(t('order_survey_not_answered'));
  if (survey.answeredAt) parts.push(t('order_survey_answered_at', { time: formatDateTime(survey.answeredAt) }));
  return (
    <Typography variant="body2" color="text.secondary" data-testid="order-survey-timeline">
      {parts.join(' · ')}
    </Typography>
  );
}

function SurveyResolution({ survey }: { survey: TSurvey }) {
  const { t } = useTranslation();
  if (survey.answer !== false) return null;
  return (
    <Part label={t('order_survey_resolution')} testId="order-survey-resolution">
      {survey.resolvedAt ? (
        <Typography variant="body2" color="success.main" data-resolved="true">
          {survey.resolvedBy
            ? t('order_survey_resolved_by', { name: survey.resolvedBy.name, time: formatDateTime(survey.resolvedAt) })
            : t('order_survey_resolved_at', { time: formatDateTime(survey.resolvedAt) })}
        </Typography>
      ) : (
        <Box>
          <Chip size="small" color="warning" label={t('order_survey_unresolved')} data-resolved="false" />
        </Box>
      )}
      {survey.resolutionNote && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {survey.resolutionNote}
        </Typography>
      )}
    </Part>
  );
}

function SurveyFollowUp({ followUp }: { followUp: NonNullable<TSurvey['followUp']> }) {
  const { t } = useTranslation();
  const overdue = isFollowUpOverdue({ followUp, now: new Date() });
  return (
    <Part label={t('order_survey_follow_up')} testId="order-survey-follow-up">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
          {followUp.assignee ? t('order_survey_follow_up_assignee', { name: followUp.assignee.name }) : t('order_survey_follow_up_unassigned')}
          {' · '}
          {t('order_survey_follow_up_due', { time: formatDateTime(followUp.dueAt) })}
        </Typography>
        {followUp.doneAt ? (
          <Chip size="small" color="success" label={t('order_survey_follow_up_done', { time: formatDateTime(followUp.doneAt) })} />
        ) : (
          <Chip
            size="small"
            variant="outlined"
            color={overdue ? 'error' : 'default'}
            label={t(overdue ? 'order_survey_follow_up_overdue' : 'order_survey_follow_up_open')}
          />
        )}
      </Box>
    </Part>
  );
}

function SurveyBody({ survey }: { survey: TSurvey }) {
  const { t } = useTranslation();
  const clicks = reviewClicksOf(survey);
  return (
    <>
      <SurveyTimeline survey={survey} />
      {survey.answers.length > 0 && (
        <Part label={t('order_survey_answers')} testId="order-survey-answers">
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 2fr)' }, columnGap: 2, rowGap: 0.5 }}
          >
            {survey.answers.map((a) => (
              <Box key={a.questionId} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {a.question}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {a.answer}
                </Typography>
              </Box>
            ))}
          </Box>
        </Part>
      )}
      {survey.comment && (
        <Part label={t('order_survey_comment')} testId="order-survey-comment">
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' }}>
            “{survey.comment}”
          </Typography>
        </Part>
      )}
      <SurveyResolution survey={survey} />
      {clicks.length > 0 && (
        <Part label={t('order_survey_review_clicks')} testId="order-survey-review-clicks">
          <Typography variant="body2">{clicks.map((c) => `${REVIEW_SITE_NAMES[c.site]} ${formatDateTime(c.at)}`).join(' · ')}</Typography>
        </Part>
      )}
      {survey.followUp && <SurveyFollowUp followUp={survey.followUp} />}
    </>
  );
}

/** The order's survey (spec part 2: "Survey result also appears on repair orders"); shown when the order has one. */
export function OrderSurvey({ surveyId }: { surveyId: number }) {
  const { t } = useTranslation();
  const query = useSurvey(surveyId);
  const status = query.data ? surveyStatusOf(query.data) : null;
  const hidden = query.error instanceof ApiError && [403, 404].includes(query.error.status);
  let body;
  if (query.data) body = <SurveyBody survey={query.data} />;
  else if (hidden)
    body = (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="order-survey-hidden">
        {t('order_survey_hidden')}
      </Typography>
    );
  else if (query.isError)
    body = (
      <Alert severity="error" action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}>
        {t('order_survey_load_failed')}
      </Alert>
    );
  else body = <Skeleton height={48} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid="repair-order-survey">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1 }}>
          <SectionTitle>{t('order_survey_title')}</SectionTitle>
        </Box>
        {status && query.data && (
          <Chip size="small" color={status.color} label={t(status.labelKey)} data-testid="order-survey-state" data-state={query.data.state} />
        )}
      </Box>
      {body}
    </Paper>
  );
}
