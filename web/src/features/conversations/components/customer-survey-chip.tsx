import PollOutlined from '@mui/icons-material/PollOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TSurveySummary } from '@cd/contracts/survey';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';

/** The dashboard filter and label parts of a sent survey's result. */
export function surveyResultOf(survey: Pick<TSurveySummary, 'answer' | 'resolvedAt'>): {
  parts: string[];
  filter: string;
  tone: 'default' | 'success' | 'error' | 'warning';
} {
  if (survey.answer === null) return { parts: ['pending'], filter: 'pending', tone: 'default' };
  if (survey.answer) return { parts: ['positive'], filter: 'positive', tone: 'success' };
  if (survey.resolvedAt) return { parts: ['negative', 'resolved'], filter: 'negative', tone: 'default' };
  return { parts: ['negative', 'unresolved'], filter: 'unresolved', tone: 'error' };
}

/** The customer's latest survey result next to their name ("Survey: negative · unresolved"); admins open the dashboard from it. */
export function CustomerSurveyChip({ survey }: { survey: TSurveySummary | null | undefined }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  if (!survey || !survey.sentAt) return null;
  const result = surveyResultOf(survey);
  const resultText = result.parts.map((p) => t(`surveys_status_${p}`).toLowerCase()).join(' · ');
  const title = [t('surveys_last_tooltip', { time: formatDateTime(survey.sentAt) }), survey.comment ? `“${survey.comment}”` : ''].filter(Boolean).join('\n');
  // The header is narrow (a phone, the messenger column): the poll icon says "survey" and the label may shorten.
  const common = {
    size: 'small' as const,
    variant: 'outlined' as const,
    color: result.tone,
    icon: <PollOutlined />,
    label: resultText,
    'aria-label': t('surveys_last_chip', { result: resultText }),
    'data-testid': 'customer-survey-chip',
    sx: { minWidth: 0, flexShrink: 1, maxWidth: '100%', height: 22 },
  };
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{title}</span>}>
      {isCompanyAdmin(me) ? <Chip {...common} clickable component={RouterLink} to={`/surveys?filter=${result.filter}`} /> : <Chip {...common} />}
    </Tooltip>
  );
}
