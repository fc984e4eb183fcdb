import { toast, type ToastContent, type ToastIcon } from 'react-toastify';

/** Server errors stay until dismissed (spec part 1 §8: persistent error toast). */
export function toastPersistentError(message: string): void {
  toast.error(message, { autoClose: false });
}

export function toastError(message: string): void {
  toast.error(message);
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
