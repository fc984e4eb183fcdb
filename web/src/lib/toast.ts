import { toast, type ToastContent, type ToastIcon } from 'react-toastify';
import { UPLOAD_ERROR_TOAST_MS } from './api-client';

/** Server errors stay until dismissed (spec part 1 §8: persistent error toast), unless the caller gives a lifetime (uploads). */
export function toastPersistentError(message: string, options?: { autoCloseMs: number }): void {
  toast.error(message, { autoClose: options?.autoCloseMs ?? false });
}

export function toastError(message: string): void {
  toast.error(message);
}

/** Spec part 1 §9: an upload error shows its description for 8 seconds. */
export function toastUploadError(message: string): void {
  toast.error(message, { autoClose: UPLOAD_ERROR_TOAST_MS });
}

export function toastSuccess(message: string): void {
  toast.success(message);
}

/** An information toast (live notifications); `toastId` keeps a replayed event from showing twice. */
export function toastInfo(content: ToastContent, options: { toastId?: string; onClick?: () => void; icon?: ToastIcon } = {}): void {
  toast.info(content, options);
}

export function dismissToast(toastId: string): void {
  toast.dismiss(toastId);
}
