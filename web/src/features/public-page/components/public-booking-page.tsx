import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBookingPageQuery } from '../api/get-booking-page';
import { BookingFlow } from './booking-flow';
import { BrandHeader, PublicPageFrame, useBrandCatalogue } from './public-page-frame';

function Content({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const query = useBookingPageQuery({ slug });
  const catalogue = useBrandCatalogue(query.data?.company.language);
  // The company's language must be in before the texts show (a failed catalogue falls back to English, not a blank page).
  if (query.isSuccess && catalogue.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }} data-testid="booking-loading">
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  return (
    <>
      {query.data && <BrandHeader brand={query.data.company} />}
      <BookingFlow slug={slug} />
    </>
  );
}

/** /book/{slug}: the company's public booking page (linked from its customer page). No sign-in, phone first. */
export function PublicBookingPage() {
  const { slug = '' } = useParams();
  const query = useBookingPageQuery({ slug });
  return (
    <PublicPageFrame brand={query.data?.company} testId="public-booking-page" maxWidth={600}>
      <Content slug={slug} />
    </PublicPageFrame>
  );
}
