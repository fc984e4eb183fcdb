import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEREST_DESCRIPTION_MAX, INTEREST_NAME_MAX, type TInterest } from '@cd/contracts/interests';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { useSaveInterest } from '../api/save-interest';

/** A new interest category, or (with `interest`) its name and description changed. */
export function InterestDialog({ interest, onClose, onSaved }: { interest?: TInterest; onClose: () => void; onSaved?: (id: number) => void }) {
  const { t } = useTranslation();
  const save = useSaveInterest();
  const [name, setName] = useState(interest?.name ?? '');
  const [description, setDescription] = useState(interest?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: t('interests_name_required') });
    save.mutate(
      { id: interest?.id, body: { name: name.trim(), description: description.trim() } },
      {
        onSuccess: (saved) => {
          onSaved?.(saved.id);
          onClose();
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const fields = Object.fromEntries(err.violations.map((v) => [v.propertyPath, v.message]));
          // A taken name comes back as 409 without violations: it belongs on the name field.
          setErrors(err.violations.length > 0 ? fields : { name: err.message });
        },
      },
    );
  };
  return (
    <FormDialog
      open
      onClose={() => !save.isPending && onClose()}
      onSubmit={submit}
      title={interest ? t('interests_edit') : t('interests_new')}
      name="interest"
      submitLabel={interest ? t('save') : t('interests_create')}
      submitTestId="interest-submit"
      busy={save.isPending}
    >
      <TextField
        label={t('interests_field_name')}
        value={name}
        required
        autoFocus
        onChange={(e) => setName(e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? t('interests_name_help')}
        slotProps={{ htmlInput: { maxLength: INTEREST_NAME_MAX, 'data-testid': 'interest-name' } }}
      />
      <TextField
        label={t('interests_field_description')}
        value={description}
        multiline
        minRows={2}
        onChange={(e) => setDescription(e.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        slotProps={{ htmlInput: { maxLength: INTEREST_DESCRIPTION_MAX, 'data-testid': 'interest-description' } }}
      />
    </FormDialog>
  );
}
