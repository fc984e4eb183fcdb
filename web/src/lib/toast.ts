import type { ToastContent, ToastIcon } from 'react-toastify';
import { UPLOAD_ERROR_TOAST_MS } from './api-client';

/**
 * The toast library loads after the first screen (the entry chunk imports this file through the API client);
 * toasts raised before its container mounts are queued by the library and shown once it is there.
 */
const toastify = () => import('react-toastify').then((m) => m.toast);

/** Server errors stay until dismissed (spec part 1 §8: persistent error toast), unless the caller gives a lifetime (uploads). */
export function toastPersistentError(message: string, options?: { autoCloseMs: number }): void {
  void toastify().then((toast) => toast.error(message, { autoClose: options?.autoCloseMs ?? false }));
}

export function toastError(message: string): void {
  void toastify().then((toast) => toast.error(message));
}

/** Spec part 1 §9: an upload error shows its description for 8 seconds. */
export function toastUploadError(message: string): void {
  void toastify().then((toast) => toast.error(message, { autoClose: UPLOAD_ERROR_TOAST_MS }));
}

export function toastSuccess(message: string): void {
  void toastify().then((toast) => toast.success(message));
}

/** An information toast (live notifications); `toastId` keeps a replayed event from showing twice. */
export function toastInfo(content: ToastContent, options: { toastId?: string; onClick?: () => void; icon?: ToastIcon } = {}): void {
  void toastify().then((toast) => toast.info(content, options));
}

export function dismissToast(toastId: string): void {
  void toastify().then((toast) => toast.dismiss(toastId));
}
