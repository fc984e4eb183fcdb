import { useRef, useState } from 'react';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadFile from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import { ApiError } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toastError, toastSuccess, toastUploadError } from '../../../lib/toast';
import { useDeleteMediaObject } from '../api/delete-media-object';
import { useUpdateCompany } from '../api/update-company';
import { useUploadCompanyImage } from '../api/upload-company-image';
import { checkCompanyImage, COMPANY_IMAGE_ACCEPT, uploadErrorMessage, type TCompanyImageField } from '../lib/company-image';

/** Hero and logo of the customer page: one image each, uploaded at once (then the company is patched), removable. */
export function CompanyImagesSection({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }} data-testid="company-images">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('cv_images')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('cv_images_hint')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        <CompanyImageSlot company={company} field="heroMobile" />
        <CompanyImageSlot company={company} field="logoMobile" />
      </Box>
    </Paper>
  );
}

function CompanyImageSlot({ company, field }: { company: TCompany; field: TCompanyImageField }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const upload = useUploadCompanyImage();
  const remove = useDeleteMediaObject();
  const update = useUpdateCompany();
  const [confirming, setConfirming] = useState(false);
  const image = company[field];
  const busy = upload.isPending || remove.isPending || update.isPending;
  const testId = `company-image-${field}`;

  /** A 422 from the PATCH names the field; anything else the API client has already toasted. */
  const onPatchError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) toastError(error.violations[0]?.message ?? error.message);
  };

  const onPick = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const problem = checkCompanyImage(file);
    if (problem) {
      toastError(`${file.name}: ${t(problem)}`);
      return;
    }
    upload.mutate(
      { companyId: company.id, field, file },
      {
        onError: (error) => toastUploadError(uploadErrorMessage(error, t)),
        onSuccess: (media) =>
          update.mutate(
            { id: company.id, patch: { [field]: media['@id'] } },
            {
              onSuccess: () => toastSuccess(t('success')),
              onError: (error) => {
                onPatchError(error);
                // The upload is not linked to anything: do not leave it behind.
                remove.mutate({ companyId: company.id, id: media.id });
              },
            },
          ),
      },
    );
  };

  // Spec part 2 §4: the deletion happens first, then the company is patched (a media object already gone still unlinks).
  const onRemove = () => {
    if (!image) return;
    const unlink = () =>
      update.mutate(
        { id: company.id, patch: { [field]: null } },
        {
          onSuccess: () => {
            setConfirming(false);
            toastSuccess(t('success'));
          },
          onError: (error) => {
            setConfirming(false);
            onPatchError(error);
          },
        },
      );
    remove.mutate(
      { companyId: company.id, id: image.id },
      {
        onSuccess: unlink,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 404) return unlink();
          setConfirming(false);
          toastError(uploadErrorMessage(error, t));
        },
      },
    );
  };

  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t(`cv_${field}`)}
      </Typography>
      <Box
        sx={{
          height: 160,
          borderRadius: 1,
          border: 1,
          borderStyle: image ? 'solid' : 'dashed',
          borderColor: 'divider',
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          mb: 1,
        }}
      >
        {image ? (
          <Box
            component="img"
            src={image.contentUrl}
            alt={t(`cv_${field}`)}
            data-testid={`${testId}-preview`}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Box sx={{ color: 'text.disabled', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
            <ImageOutlined />
            <Typography variant="caption">{t('cv_no_image')}</Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {image ? (
          <Button
            size="small"
            color="error"
            variant="outlined"
            startIcon={<DeleteOutline />}
            onClick={() => setConfirming(true)}
            disabled={busy}
            data-testid={`${testId}-remove`}
          >
            {t('remove')}
          </Button>
        ) : (
          <Button
            size="small"
            variant="outlined"
            startIcon={<UploadFile />}
            onClick={() => input.current?.click()}
            loading={upload.isPending || update.isPending}
            disabled={busy}
            data-testid={`${testId}-upload`}
          >
            {t('cv_upload_image')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept={COMPANY_IMAGE_ACCEPT}
          onChange={(e) => onPick(e.target.files?.[0])}
          data-testid={`${testId}-input`}
        />
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('cv_remove_image_title')}
        text={t('cv_remove_image_text', { image: t(`cv_${field}`) })}
        confirmLabel={t('remove')}
        busy={busy}
        onConfirm={onRemove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
