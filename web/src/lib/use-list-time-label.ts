import { useTranslation } from 'react-i18next';
import { listTime } from './message-time';

/** Translates lib/message-time's `listTime` into the short label shown at the right of a list row. */
export function useListTimeLabel() {
  const { t } = useTranslation();
  return (iso: string | null | undefined, now: Date) => {
    const v = listTime(iso, now);
    switch (v.kind) {
      case 'none':
        return '';
      case 'now':
        return t('time_just_now');
      case 'minutes':
        return t('time_minutes_ago', { count: v.count });
      case 'hours':
        return t('time_hours_ago', { count: v.count });
      default:
        return v.text;
    }
  };
}
