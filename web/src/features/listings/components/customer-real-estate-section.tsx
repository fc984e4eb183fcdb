import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TCustomer } from '@cd/contracts/customer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { useCustomerInterests } from '../api/get-customer-interests';
import { useCustomerListingInterests } from '../api/get-customer-listing-interests';
import { idOfIri } from '../lib/listing-form';
import { canSeeInterestCategories, canSeeListingInterests } from '../lib/real-estate-access';

function Block({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="h2" sx={{ fontWeight: 700, letterSpacing: 0.8 }}>
        {title}
      </Typography>
      <Box sx={{ mt: 0.5 }}>{children}</Box>
    </Box>
  );
}

/** The listing's name (carried by the interest), opening its drawer; the drawer reads the listing, archived or not. */
function ListingLink({ iri, name }: { iri: string; name: string }) {
  const { t } = useTranslation();
  const id = idOfIri(iri);
  return (
    <Link component={RouterLink} to={`/listings?listing=${id}`} underline="hover" sx={{ fontWeight: 600 }}>
      {name || t('listing_number', { id })}
    </Link>
  );
}

function bodyOf<T>(q: { isPending: boolean; isError: boolean; data?: T[] }, empty: string, render: (rows: T[]) => ReactNode, errorText: string): ReactNode {
  if (q.isPending) return <Skeleton height={32} />;
  if (q.isError) return <Alert severity="error">{errorText}</Alert>;
  if (!q.data || q.data.length === 0)
    return (
      <Typography variant="body2" color="text.disabled">
        {empty}
      </Typography>
    );
  return render(q.data);
}

/**
 * The customer details' real-estate section: the listings they asked about (with the interest's state) and their
 * interest categories. Shown only to users whose role and company module allow each part; new leads arrive live.
 */
export function CustomerRealEstateSection({ customer }: { customer: TCustomer | undefined }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const showListings = canSeeListingInterests(me);
  const showCategories = canSeeInterestCategories(me);
  const id = customer?.id ?? 0;
  const listings = useCustomerListingInterests(id, { enabled: showListings && id > 0 });
  const categories = useCustomerInterests(id, { enabled: showCategories && id > 0 });
  if (!customer || (!showListings && !showCategories)) return null;

  const listingsBody = bodyOf(
    listings,
    t('customer_listing_interests_none'),
    (rows) => (
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        {rows.map((i) => (
          <Box
            component="li"
            key={i.id}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
            data-testid={`customer-listing-interest-${i.id}`}
          >
            <ListingLink iri={i.listing} name={i.listingName} />
            <Chip size="small" variant="outlined" color={i.state === 'active' ? 'success' : 'default'} label={t(`listing_interest_state_${i.state}`)} />
            <Typography variant="caption" color="text.secondary">
              {t(`listing_interest_source_${i.source}`)} · {formatDateTime(i.createdAt)}
            </Typography>
          </Box>
        ))}
      </Box>
    ),
    t('listing_interests_load_failed'),
  );
  const categoriesBody = bodyOf(
    categories,
    t('customer_interest_categories_none'),
    (rows) => (
      <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
        {rows.map((c) => (
          <Chip key={c['@id']} size="small" label={c.interestName} />
        ))}
      </Box>
    ),
    t('customer_interest_categories_failed'),
  );
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        maxWidth: 880,
        mx: 'auto',
        mt: 2,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: showListings && showCategories ? '2fr 1fr' : '1fr' },
        gap: 2,
      }}
      data-testid="customer-real-estate-section"
    >
      {showListings && (
        <Block title={t('customer_listing_interests')} testId="customer-listing-interests">
          {listingsBody}
        </Block>
      )}
      {showCategories && (
        <Block title={t('customer_interest_categories')} testId="customer-interest-categories">
          {categoriesBody}
        </Block>
      )}
    </Paper>
  );
}
