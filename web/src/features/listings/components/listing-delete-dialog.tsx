import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { TListing } from '@cd/contracts/listings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, describeError } from '../../../lib/api-client';
import { useDeleteListing } from '../api/delete-listing';

/**
 * Confirms deleting a listing. A listing that interests or leads point to cannot be deleted (409): the server's
 * message is shown with the advice to archive it instead, and the dialog stays open.
 */
export function ListingDeleteDialog({ listing, onClose, onDeleted }: { listing: TListing; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteListing();
  const [error, setError] = useState<{ text: string; conflict: boolean } | null>(null);
  const confirm = () => {
    setError(null);
    remove.mutate(
      { id: listing.id },
      {
        onSuccess: onDeleted,
        onError: (err) =>
          setError(
            err instanceof ApiError
              ? { text: describeError(err.body, t), conflict: err.status === 409 }
              : { text: t('listing_delete_failed'), conflict: false },
          ),
      },
    );
  };
  const close = () => !remove.isPending && onClose();
  return (
    <Dialog open onClose={close} aria-labelledby="listing-delete-title" data-testid="listing-delete-dialog">
      <DialogTitle id="listing-delete-title">{t('listing_delete_title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('listing_delete_text', { name: listing.name })}</DialogContentText>
        {error && (
          <Alert severity={error.conflict ? 'warning' : 'error'} data-testid="listing-delete-error">
            {error.text}
            {error.conflict && <div>{t('listing_delete_archive_hint')}</div>}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button type="button" onClick={close} disabled={remove.isPending} data-testid="listing-delete-cancel">
          {t('cancel')}
        </Button>
        <Button
          type="button"
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={remove.isPending || error?.conflict}
          data-testid="listing-delete-confirm"
        >
          {t('delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
