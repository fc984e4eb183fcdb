import type { ComponentType, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { TPublicLinkPage } from '@cd/contracts/customer-link';
import { useLinkPageQuery } from '../api/get-link-page';
import { linkErrorKey } from '../lib/link-pages';
import { BookingFlow } from './booking-flow';
import { LinkApprovalView } from './link-approval-view';
import { LinkStatusView } from './link-status-view';
import { LinkSurveyView } from './link-survey-view';
import { LinkVehicleReadyView } from './link-vehicle-ready-view';
import { BrandHeader, PublicPageFrame, useBrandCatalogue } from './public-page-frame';

/**
 * The payment page is the payments feature's; the app hands it in (features never import each other). `fallback`:
 * shown instead when the code is no payment link (the page is tried after a 410, see below).
 */
export type TPaymentLinkView = ComponentType<{ code: string; fallback?: ReactNode }>;

/** The questionnaire page is the questionnaires feature's (issue 18), handed in the same way. */
export type TQuestionnaireLinkView = ComponentType<{ code: string }>;

function PageBody({
  page,
  code,
  Payment,
  Questionnaire,
}: {
  page: TPublicLinkPage;
  code: string;
  Payment?: TPaymentLinkView;
  Questionnaire?: TQuestionnaireLinkView;
}) {
  if (page.purpose === 'questionnaire') return Questionnaire ? <Questionnaire code={code} /> : null;
  // Its link page answers only the purpose and the brand: the page reads the rest from /api/public/payments/{code}.
  if (page.purpose === 'payment') return Payment ? <Payment code={code} /> : null;
  if (page.purpose === 'approval') return <LinkApprovalView page={page} code={code} />;
  if (page.purpose === 'vehicle_ready') return <LinkVehicleReadyView page={page} />;
  if (page.purpose === 'survey') return <LinkSurveyView page={page} code={code} />;
  if (page.purpose === 'booking') return <BookingFlow slug={page.slug} link={code} />;
  return <LinkStatusView page={page} />;
}

function LinkPageContent({ code, Payment, Questionnaire }: { code: string; Payment?: TPaymentLinkView; Questionnaire?: TQuestionnaireLinkView }) {
  const { t } = useTranslation();
  const query = useLinkPageQuery(code);
  const catalogue = useBrandCatalogue(query.data?.company.language);
  // Should the catalogue never arrive (after the query's retries), the page shows with the fallback texts, not blank.
  if (query.isPending || (query.isSuccess && catalogue.isPending))
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="link-page-loading">
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  if (query.isError) {
    const key = linkErrorKey(query.error);
    const generic = (
      <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity={key === 'public_page_load_failed' ? 'error' : 'info'} data-testid="link-page-error" data-error={key}>
          <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
            {t(key)}
          </Typography>
          {key !== 'public_page_load_failed' && t(`${key}_hint`)}
        </Alert>
        {key === 'public_page_load_failed' && (
          <Button variant="outlined" onClick={() => void query.refetch()}>
            {t('public_page_retry')}
          </Button>
        )}
      </Box>
    );
    // A revoked or expired payment link: the payment page still reads it and says why ("cancelled" is not "expired").
    return key === 'link_expired' && Payment ? <Payment code={code} fallback={generic} /> : generic;
  }
  return (
    <>
      <BrandHeader brand={query.data.company} />
      <PageBody page={query.data} code={code} Payment={Payment} Questionnaire={Questionnaire} />
    </>
  );
}

/**
 * /r/{code}: the page a customer link opens (status, line approval, vehicle ready, survey, booking, payment). No sign-in, phone
 * first, in the company's colours and language.
 */
export function PublicLinkPage({ Payment, Questionnaire }: { Payment?: TPaymentLinkView; Questionnaire?: TQuestionnaireLinkView }) {
  const { code = '' } = useParams();
  const query = useLinkPageQuery(code);
  return (
    <PublicPageFrame brand={query.data?.company} testId="link-page">
      <LinkPageContent code={code} Payment={Payment} Questionnaire={Questionnaire} />
    </PublicPageFrame>
  );
}
