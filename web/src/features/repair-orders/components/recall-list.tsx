import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TVehicleRecall, TVehicleRecalls } from '@cd/contracts/vehicle-extras';

/** Open recalls of a vehicle (NHTSA), shown on the garage and on the order. */
export function RecallList({ recalls }: { recalls: TVehicleRecall[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="vehicle-recalls">
      <AlertTitle>{t('open_recalls', { count: recalls.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {recalls.map((r, i) => (
          <li key={r.campaignNumber ?? i}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {[r.campaignNumber, r.component].filter(Boolean).join(' · ')}
            </Typography>
            {r.summary && (
              <Typography variant="body2" component="div">
                {r.summary}
              </Typography>
            )}
            {r.remedy && (
              <Typography variant="caption" color="text.secondary" component="div">
                {t('recall_remedy')}: {r.remedy}
              </Typography>
            )}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * What the recall check answered, for the garage and the order: the open recalls, or a plain note when NHTSA could not
 * be asked, so an empty spot is not read as "no recalls". Nothing while loading or when there are none.
 */
export function RecallNotice({ data }: { data: TVehicleRecalls | undefined }) {
  const { t } = useTranslation();
  if (!data) return null;
  if (!data.available)
    return (
      <Typography variant="caption" color="text.secondary" data-testid="vehicle-recalls-unavailable">
        {t('recall_check_unavailable')}
      </Typography>
    );
  return data.recalls.length > 0 ? <RecallList recalls={data.recalls} /> : null;
}
