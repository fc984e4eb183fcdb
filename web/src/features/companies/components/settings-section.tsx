import type { ReactNode } from 'react';
import Edit from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The part of `useSettingsForm` the frame drives. */
export interface TSettingsFormControls {
  editing: boolean;
  saving: boolean;
  startEdit: () => void;
  save: () => void;
  cancel: () => void;
}

interface TProps {
  title: string;
  testId: string;
  form: TSettingsFormControls;
  /** False hides Edit (nothing in the section is editable for this viewer). */
  canEdit?: boolean;
  /** A problem with the group as a whole (a 422 naming the group, not a field), shown above the fields. */
  error?: string;
  children: ReactNode;
}

/** Frame of one settings form: title, Edit in view mode, Save/Cancel in edit mode (Save shows its loading state). */
export function SettingsSection({ title, testId, form, canEdit = true, error, children }: TProps) {
  const { t } = useTranslation();
  const { editing, saving, startEdit: onEdit, save: onSave, cancel: onCancel } = form;
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (editing && !saving) onSave();
      }}
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, minHeight: 36 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {editing ? (
          <>
            <Button type="button" onClick={onCancel} disabled={saving} data-testid={`${testId}-cancel`}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={saving} data-testid={`${testId}-save`}>
              {t('save')}
            </Button>
          </>
        ) : (
          canEdit && (
            <Button type="button" variant="outlined" startIcon={<Edit />} onClick={onEdit} data-testid={`${testId}-edit`}>
              {t('edit')}
            </Button>
          )
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {children}
    </Paper>
  );
}
