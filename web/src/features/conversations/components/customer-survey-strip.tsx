import PollOutlined from '@mui/icons-material/PollOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TSurveySummary } from '@cd/contracts/survey';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';

/** The dashboard filter and label parts of a sent survey's result. */
export function surveyResultOf(survey: Pick<TSurveySummary, 'answer' | 'resolvedAt'>): {
  parts: string[];
  filter: string;
  tone: 'text.secondary' | 'success.main' | 'error.main';
} {
  if (survey.answer === null) return { parts: ['pending'], filter: 'pending', tone: 'text.secondary' };
  if (survey.answer) return { parts: ['positive'], filter: 'positive', tone: 'success.main' };
  if (survey.resolvedAt) return { parts: ['negative', 'resolved'], filter: 'negative', tone: 'text.secondary' };
  return { parts: ['negative', 'unresolved'], filter: 'unresolved', tone: 'error.main' };
}

/**
 * One slim line under the customer header with their latest survey's result ("Survey: negative · unresolved", when,
 * the comment); admins open the dashboard on the matching filter from it.
 */
export function CustomerSurveyStrip({ survey }: { survey: TSurveySummary | null | undefined }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  if (!survey || !survey.sentAt) return null;
  const result = surveyResultOf(survey);
  const label = t('surveys_last_chip', { result: result.parts.map((p) => t(`surveys_status_${p}`).toLowerCase()).join(' · ') });
  const text = (
    <Box component="span" sx={{ fontWeight: 600, color: result.tone, whiteSpace: 'nowrap' }}>
      {label}
    </Box>
  );
  return (
    <Box
      data-testid="customer-survey-strip"
      title={t('surveys_last_tooltip', { time: formatDateTime(survey.answeredAt ?? survey.sentAt) })}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: { xs: 1.5, sm: 2 },
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        minWidth: 0,
      }}
    >
      <PollOutlined sx={{ fontSize: 18, color: result.tone }} />
      <Typography variant="caption" noWrap sx={{ minWidth: 0, flex: 1 }}>
        {isCompanyAdmin(me) ? (
          <Link component={RouterLink} to={`/surveys?filter=${result.filter}`} underline="hover" data-testid="customer-survey-link">
            {text}
          </Link>
        ) : (
          text
        )}
        {survey.comment && (
          <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            {' '}
            — “{survey.comment}”
          </Box>
        )}
      </Typography>
    </Box>
  );
}
