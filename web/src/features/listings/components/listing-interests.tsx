import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LISTING_INTEREST_STATES, type TListingInterest, type TListingInterestState } from '@cd/contracts/interests';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatPhone } from '../../../lib/format';
import { useListingInterests } from '../api/get-listing-interests';
import { useUpdateListingInterest } from '../api/update-listing-interest';
import { idOfIri } from '../lib/listing-form';

function InterestRow({ interest }: { interest: TListingInterest }) {
  const { t } = useTranslation();
  const update = useUpdateListingInterest();
  const customerId = idOfIri(interest.customer);
  return (
    <ListItem divider sx={{ gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid={`listing-interest-${interest.id}`} data-state={interest.state}>
      <Box sx={{ flex: 1, minWidth: 160 }}>
        {customerId ? (
          <Link component={RouterLink} to={`/communication/${customerId}/messenger`} underline="hover" sx={{ fontWeight: 600 }}>
            {interest.customerName || formatPhone(interest.customerPhone)}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{interest.customerName}</Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="div">
          {[formatPhone(interest.customerPhone), t(`listing_interest_source_${interest.source}`), formatDateTime(interest.createdAt)]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label={t('listing_interest_state')}
        value={interest.state}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ id: interest.id, state: e.target.value as TListingInterestState })}
        sx={{ minWidth: 150 }}
        slotProps={{ htmlInput: { 'data-testid': `listing-interest-state-${interest.id}` } }}
      >
        {LISTING_INTEREST_STATES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`listing_interest_state_${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </ListItem>
  );
}

/** Who is interested in the listing (active, archived, not interested), each state changeable; new leads arrive live. */
export function ListingInterests({ listingId }: { listingId: number }) {
  const { t } = useTranslation();
  const interests = useListingInterests(listingId);
  if (interests.isPending)
    return (
      <Box aria-busy="true">
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Box>
    );
  if (interests.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void interests.refetch()}>{t('retry')}</Button>} data-testid="listing-interests-error">
        {t('listing_interests_load_failed')}
      </Alert>
    );
  if (interests.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="listing-interests-empty">
        {t('listing_interests_none')}
      </Typography>
    );
  return (
    <List dense disablePadding data-testid="listing-interests" aria-live="polite">
      {interests.data.map((i) => (
        <InterestRow key={i.id} interest={i} />
      ))}
    </List>
  );
}
