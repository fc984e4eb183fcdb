import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ZMessageTemplateSchema, type TMessageTemplate } from '@cd/contracts/message';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreateMessageTemplate } from '../api/create-message-template';
import { useUpdateMessageTemplate } from '../api/update-message-template';
import { templateTextErrorKey } from '../lib/template-text-error';

interface TProps {
  companyId: number;
  /** The template being edited; null adds a new one. */
  template: TMessageTemplate | null;
  onClose: () => void;
}

/** Add or edit one message template; the text is required ("Must not be empty", checked here and by the server). */
export function MessageTemplateDialog({ companyId, template, onClose }: TProps) {
  const { t } = useTranslation();
  const create = useCreateMessageTemplate();
  const update = useUpdateMessageTemplate();
  const [text, setText] = useState(template?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = ZMessageTemplateSchema.shape.text.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    const done = {
      onSuccess: () => {
        toastSuccess(t('success'));
        onClose();
      },
      onError: (err: Error) => {
        if (err instanceof ApiError && err.status === 422) setError(err.violations[0]?.message ?? err.message);
      },
    };
    if (template) update.mutate({ id: template.id, text: parsed.data }, done);
    else create.mutate({ companyId, text: parsed.data }, done);
  };

  const message = error ? t(templateTextErrorKey(error), { defaultValue: error }) : undefined;
  return (
    <FormDialog
      open
      onClose={busy ? () => undefined : onClose}
      onSubmit={submit}
      title={template ? t('edit_message_template') : t('add_message_template')}
      name="message-template"
      submitLabel={t('save')}
      submitTestId="message-template-save"
      busy={busy}
    >
      <TextField
        autoFocus
        multiline
        minRows={4}
        maxRows={12}
        label={t('message_template_text')}
        value={text}
        sx={{ mt: 1 }}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        error={!!message}
        helperText={message ?? t('characters_count', { count: text.length, max: 1600 })}
        slotProps={{ htmlInput: { maxLength: 1600, 'data-testid': 'message-template-text' } }}
      />
    </FormDialog>
  );
}
