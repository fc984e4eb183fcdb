import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

function durationLabel(ms: number): string {
  const minutes = Math.max(0, Math.round(Math.abs(ms) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
}

/**
 * The first-reply timer of a conversation (issue 21): time left or overdue, from the due time the list payload
 * carries; the list's own clock (`now`) ticks it, so no request is made.
 */
export function ResponseTimer(props: { dueAt: string | null | undefined; now: Date }) {
  const { t } = useTranslation();
  if (!props.dueAt) return null;
  const left = new Date(props.dueAt).getTime() - props.now.getTime();
  const overdue = left < 0;
  return (
    <Typography
      variant="caption"
      component="span"
      data-testid="response-timer"
      sx={{ color: overdue ? 'error.main' : 'warning.main', fontWeight: 600, ml: 0.5 }}
      title={new Date(props.dueAt).toLocaleString()}
    >
      {t(overdue ? 'routing_overdue' : 'routing_due_in', { time: durationLabel(left) })}
    </Typography>
  );
}
