import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { addFiles, withinAttachmentLimit } from './attachments';
import { toastError } from './toast';

interface TOptions {
  files: File[];
  onChange: (files: File[]) => void;
}

/**
 * A hidden file input that adds picked files to a draft: unsupported types are refused with a toast, a total over the
 * limit is reported at once (the draft keeps the files so the user can choose what to remove).
 */
export function useFilePicker({ files, onChange }: TOptions) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement | null>(null);

  const onPickFiles = (list: FileList | null) => {
    if (!list) return;
    const { files: next, rejected } = addFiles(files, [...list]);
    if (rejected.length) toastError(t('unsupported_file_type', { names: rejected.map((f) => f.name).join(', ') }));
    onChange(next);
    if (!withinAttachmentLimit(next)) toastError(t('err_total_attachment_size'));
    if (fileInput.current) fileInput.current.value = '';
  };

  return { fileInput, openPicker: () => fileInput.current?.click(), onPickFiles };
}
