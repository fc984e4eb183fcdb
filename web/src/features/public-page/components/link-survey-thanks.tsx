import type { ReactNode } from 'react';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Facebook from '@mui/icons-material/Facebook';
import Google from '@mui/icons-material/Google';
import OpenInNew from '@mui/icons-material/OpenInNew';
import StarBorder from '@mui/icons-material/StarBorder';
import SupportAgent from '@mui/icons-material/SupportAgent';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPublicSurveyPage } from '@cd/contracts/customer-link';
import type { TReviewSite } from '@cd/contracts/survey';
import { recordReviewClick } from '../api/answer-survey';
import { REVIEW_SITE_NAMES, reviewLinksOf, surveyTextOf } from '../lib/survey-page';
import { formatPublicDateTime } from './link-parts';

const SITE_ICON: Record<TReviewSite, ReactNode> = { google: <Google />, yelp: <StarBorder />, facebook: <Facebook /> };

/**
 * The review sites, on both branches (showing them only to happy customers is review gating, which Google forbids). The
 * negative branch shows them quieter (outlined), below the follow-up promise.
 */
function ReviewLinks({ page, code, positive }: { page: TPublicSurveyPage; code: string; positive: boolean }) {
  const { t } = useTranslation();
  const links = reviewLinksOf(page);
  if (links.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="survey-reviews-title"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, pt: 2, borderTop: 1, borderColor: 'divider' }}
      data-testid="survey-reviews"
    >
      <Typography id="survey-reviews-title" variant="body1" sx={{ fontWeight: positive ? 600 : 400 }} color={positive ? 'text.primary' : 'text.secondary'}>
        {t(positive ? 'survey_page_review_invite_positive' : 'survey_page_review_invite_negative')}
      </Typography>
      {links.map((l) => (
        <Button
          key={l.site}
          component="a"
          href={l.url}
          target="_blank"
          rel="noopener noreferrer"
          variant={positive ? 'contained' : 'outlined'}
          size="large"
          startIcon={SITE_ICON[l.site]}
          endIcon={<OpenInNew fontSize="small" />}
          onClick={() => recordReviewClick({ code, site: l.site })}
          sx={{ minHeight: 52, justifyContent: 'space-between', textTransform: 'none', fontWeight: 600, '& .MuiButton-endIcon': { ml: 'auto' } }}
          aria-label={`${t('survey_page_review_on', { site: REVIEW_SITE_NAMES[l.site] })} ${t('survey_page_opens_new_tab')}`}
          data-testid={`survey-review-${l.site}`}
        >
          <Box component="span" sx={{ flex: 1, textAlign: 'left' }}>
            {t('survey_page_review_on', { site: REVIEW_SITE_NAMES[l.site] })}
          </Box>
        </Button>
      ))}
    </Box>
  );
}

/** After the answer (or when the link is opened again): the company's thanks, the follow-up promise, the review links. */
export function SurveyThanks({ page, code, answer }: { page: TPublicSurveyPage; code: string; answer: boolean | null }) {
  const { t, i18n } = useTranslation();
  // The answer is unknown only if the server did not send it back; the neutral thanks then, and the links all the same.
  const positive = answer !== false;
  const text =
    answer === null
      ? { key: 'survey_page_thanks_default' }
      : surveyTextOf({
          custom: answer ? page.texts.afterPositive : page.texts.afterNegative,
          fallbackKey: answer ? 'survey_page_thanks_positive_default' : 'survey_page_thanks_negative_default',
        });
  return (
    <Box sx={{ px: 2, pt: 1, pb: 3, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="survey-thanks" data-answer={String(answer)}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ color: positive ? 'success.main' : 'primary.main', display: 'flex', pt: 0.25 }} aria-hidden>
          {positive ? <CheckCircleOutline sx={{ fontSize: 32 }} /> : <SupportAgent sx={{ fontSize: 32 }} />}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
          <Typography
            variant="body1"
            sx={{ fontSize: '1.0625rem', fontWeight: 500, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            data-testid="survey-thanks-text"
          >
            {'text' in text ? text.text : t(text.key)}
          </Typography>
          {page.answeredAt && (
            <Typography variant="caption" color="text.secondary">
              {t('survey_page_answered_at', { time: formatPublicDateTime(page.answeredAt, i18n.language) })}
            </Typography>
          )}
        </Box>
      </Box>
      <ReviewLinks page={page} code={code} positive={positive} />
    </Box>
  );
}
