import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFER_MESSAGE_MAX, OFFER_MESSAGES, OFFER_NAME_MAX, type TOffer } from '@cd/contracts/offers';
import { ApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useAudienceSizePreview } from '../api/preview-audience-size';
import { useSaveOffer } from '../api/save-offer';
import { useUploadOfferImage } from '../api/upload-offer-image';
import { audienceInputOf, audienceOfOffer, EMPTY_AUDIENCE, isAudienceEmpty, type TAudiencePick } from '../lib/audience';
import { countSmsSegments } from '../lib/sms-segments';
import { AudiencePicker } from './audience-picker';
import { OfferReview } from './offer-review';

type TImage = { id: number; url: string | null };
type TErrors = Partial<Record<'name' | 'message' | 'audience' | 'image', string>>;

/**
 * Compose an offer (name, message with its SMS count, audience, optional picture), save it as a draft, then review:
 * the audience size with who is left out and why, and send now (after a confirmation stating the count) or schedule.
 */
export function OfferComposer({ offer: initial, onClose }: { offer?: TOffer; onClose: () => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const save = useSaveOffer();
  const upload = useUploadOfferImage();
  const [offer, setOffer] = useState<TOffer | null>(initial ?? null);
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const [name, setName] = useState(initial?.name ?? '');
  const [message, setMessage] = useState(initial?.message ?? '');
  const [audience, setAudience] = useState<TAudiencePick>(initial ? audienceOfOffer(initial) : EMPTY_AUDIENCE);
  const [image, setImage] = useState<TImage | null>(initial?.image ? { id: Number(/\d+$/.exec(initial.image)?.[0]), url: initial.imageUrl } : null);
  const [errors, setErrors] = useState<TErrors>({});
  const fileInput = useRef<HTMLInputElement | null>(null);
  const sms = countSmsSegments(message);
  // A running count while the audience is picked; the review step asks again for the saved offer before sending.
  const debouncedAudience = useDebouncedValue(audience, 400);
  const preview = useAudienceSizePreview(isAudienceEmpty(debouncedAudience) ? null : audienceInputOf(debouncedAudience));
  const busy = save.isPending || upload.isPending;

  const pickImage = (file: File | undefined) => {
    if (!file) return;
    if (fileInput.current) fileInput.current.value = '';
    upload.mutate(
      { offerId: offer?.id, file },
      {
        onSuccess: (media) => {
          setImage({ id: media.id, url: media.thumbnail?.thumbnailUrl ?? media.contentUrl });
          setErrors((e) => ({ ...e, image: undefined }));
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: TErrors = {};
    if (!name.trim()) next.name = t('offers_required');
    if (!message.trim()) next.message = t('offers_required');
    if (isAudienceEmpty(audience)) next.audience = OFFER_MESSAGES.emptyAudience;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body = { name: name.trim(), message: message.trim(), audience: audienceInputOf(audience), image: image?.id ?? null };
    save.mutate(
      { id: offer?.id, body },
      {
        onSuccess: (saved) => {
          setOffer(saved);
          setStep('review');
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const found: TErrors = {};
          for (const v of err.violations) {
            const field = v.propertyPath.split('.')[0] as keyof TErrors;
            if (['name', 'message', 'audience', 'image'].includes(field)) found[field] = v.message;
          }
          setErrors(Object.keys(found).length > 0 ? found : { message: err.message });
        },
      },
    );
  };

  const title = offer ? t('offers_edit_title', { name: offer.name }) : t('offers_new');
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullWidth
      maxWidth="md"
      fullScreen={mobile}
      aria-labelledby="offer-composer-title"
      data-testid="offer-composer"
    >
      <DialogTitle id="offer-composer-title">{title}</DialogTitle>
      {step === 'review' && offer ? (
        <OfferReview offer={offer} onBack={() => setStep('edit')} onDone={onClose} />
      ) : (
        <Box component="form" noValidate onSubmit={submit}>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '4px !important' }}>
            <TextField
              label={t('offers_field_name')}
              value={name}
              required
              autoFocus
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name ?? t('offers_name_help')}
              slotProps={{ htmlInput: { maxLength: OFFER_NAME_MAX, 'data-testid': 'offer-name' } }}
            />
            <TextField
              label={t('offers_field_message')}
              value={message}
              required
              multiline
              minRows={4}
              onChange={(e) => setMessage(e.target.value)}
              error={Boolean(errors.message)}
              helperText={
                errors.message ?? (
                  <span data-testid="offer-message-count">
                    {t('offers_message_count', { chars: sms.characters, max: OFFER_MESSAGE_MAX, segments: sms.segments })}
                    {sms.encoding === 'ucs2' && ` · ${t('offers_message_unicode')}`}
                  </span>
                )
              }
              slotProps={{ htmlInput: { maxLength: OFFER_MESSAGE_MAX, 'data-testid': 'offer-message' } }}
            />
            <AudiencePicker value={audience} onChange={setAudience} error={errors.audience} disabled={busy} />
            {!isAudienceEmpty(audience) && preview.data && (
              <Typography variant="body2" color="text.secondary" data-testid="offer-audience-preview">
                {t('offers_audience_preview', { count: preview.data.eligible, total: preview.data.total })}
              </Typography>
            )}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png,image/gif"
                hidden
                onChange={(e) => pickImage(e.target.files?.[0])}
                data-testid="offer-image-input"
              />
              {image ? (
                <Box sx={{ position: 'relative' }}>
                  {image.url ? (
                    <Box
                      component="img"
                      src={image.url}
                      alt={t('offers_image')}
                      sx={{ height: 96, borderRadius: 1, display: 'block', border: 1, borderColor: 'divider' }}
                    />
                  ) : (
                    <Typography variant="body2">{t('offers_image_attached')}</Typography>
                  )}
                  <IconButton
                    size="small"
                    onClick={() => setImage(null)}
                    aria-label={t('offers_image_remove')}
                    sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
                    data-testid="offer-image-remove"
                  >
                    <CloseOutlined fontSize="small" />
                  </IconButton>
                </Box>
              ) : (
                <Button
                  variant="outlined"
                  startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : <AddPhotoAlternateOutlined />}
                  onClick={() => fileInput.current?.click()}
                  disabled={busy}
                  data-testid="offer-image-add"
                >
                  {t('offers_image_add')}
                </Button>
              )}
              <Typography variant="caption" color="text.secondary">
                {t('offers_image_help')}
              </Typography>
            </Box>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button type="button" onClick={onClose} disabled={busy} data-testid="offer-cancel">
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="offer-review"
            >
              {t('offers_review')}
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
