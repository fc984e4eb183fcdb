import { toast } from 'react-toastify';

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
