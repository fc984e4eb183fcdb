import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRepairOrderAction, type TRepairOrderAction } from '../api/repair-order-actions';
import { ACTION_DONE_KEYS, actionErrorMessage } from '../lib/action-messages';

/**
 * Runs the order actions (close, vehicle ready, approval request, survey) with the spec's messages. One call per
 * order and action at a time: a second click while the first runs does nothing (the server's once-only key is the
 * second guard), and the caller disables the button through `isRunning`.
 */
export function useOrderActions() {
  const { t } = useTranslation();
  const mutation = useRepairOrderAction();
  const running = useRef(new Set<string>());
  const [, setVersion] = useState(0);
  const { mutateAsync } = mutation;

  const run = useCallback(
    async (id: number, action: TRepairOrderAction): Promise<boolean> => {
      const key = `${id}:${action}`;
      if (running.current.has(key)) return false;
      running.current.add(key);
      setVersion((v) => v + 1);
      try {
        await mutateAsync({ id, action });
        toastSuccess(t(ACTION_DONE_KEYS[action]));
        return true;
      } catch (err) {
        toastError(t(actionErrorMessage(err)));
        return false;
      } finally {
        running.current.delete(key);
        setVersion((v) => v + 1);
      }
    },
    [mutateAsync, t],
  );

  const isRunning = (id: number, action?: TRepairOrderAction) =>
    action ? running.current.has(`${id}:${action}`) : [...running.current].some((k) => k.startsWith(`${id}:`));

  return { run, isRunning };
}
