import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import type { TMessageTemplate } from '@cd/contracts/message';
import { useMessageTemplates } from '../../../api/get-message-templates';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowEditDeleteButtons } from '../../../components/ui/row-edit-delete-buttons';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteMessageTemplate } from '../api/delete-message-template';
import { useCanEditSettings } from '../hooks/use-can-edit-settings';
import { MessageTemplateDialog } from './message-template-dialog';

/** predefined_messages: the company's message templates (offered in the composer). Company admins add, edit and
 * delete their own; super admins those of the company on screen (every call names it). */
export function MessageTemplatesTab({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const canWrite = useCanEditSettings();
  const templates = useMessageTemplates({ companyId: company.id });
  const remove = useDeleteMessageTemplate();
  const [editing, setEditing] = useState<TMessageTemplate | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TMessageTemplate | null>(null);

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('message_templates_intro')}
        </Typography>
        {canWrite && (
          <Button type="button" variant="contained" startIcon={<Add />} onClick={() => setEditing('new')} data-testid="message-template-add">
            {t('add_message_template')}
          </Button>
        )}
      </Box>
      {templates.isPending ? (
        <PageSpinner />
      ) : templates.isError ? (
        <Alert
          severity="error"
          action={
            <Button type="button" color="inherit" size="small" onClick={() => void templates.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('templates_load_failed')}
        </Alert>
      ) : templates.data.length === 0 ? (
        <Paper variant="outlined" sx={{ py: 6, px: 2, textAlign: 'center' }} data-testid="message-templates-empty">
          <Typography sx={{ fontWeight: 600 }}>{t('no_templates')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {canWrite ? t('no_templates_hint') : t('no_templates_hint_reader')}
          </Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <Table size="small" aria-label={t('settings_tab_predefined_messages')} data-testid="message-templates-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('message_template_text')}</TableCell>
                {canWrite && (
                  <TableCell align="right" sx={{ width: 112 }}>
                    {t('actions')}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {templates.data.map((template) => (
                <TableRow key={template.id} data-testid={`message-template-row-${template.id}`}>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{template.text}</TableCell>
                  {canWrite && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                      <RowEditDeleteButtons
                        onEdit={() => setEditing(template)}
                        onDelete={() => setToDelete(template)}
                        testIds={{ edit: `message-template-edit-${template.id}`, delete: `message-template-delete-${template.id}` }}
                      />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing && (
        <MessageTemplateDialog companyId={company.id} template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!toDelete}
        title={t('delete_message_template')}
        text={t('delete_message_template_confirm')}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { id: toDelete.id },
            {
              onSuccess: () => {
                toastSuccess(t('success'));
                setToDelete(null);
              },
            },
          )
        }
      />
    </Box>
  );
}
