import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { formatDuration, formatLogTime } from '../lib/dev-format';
import type { TLogColumn } from './log-table';

/** The columns every development log shows: when, which company (or none), how long it took. */
export function timeColumn<T extends { createdAt: string }>(t: TFunction): TLogColumn<T> {
  return { key: 'time', label: t('dev_time'), nowrap: true, render: (r) => formatLogTime(r.createdAt) };
}

export function companyColumn<T extends { companyName: string | null }>(t: TFunction): TLogColumn<T> {
  return {
    key: 'company',
    label: t('dev_company'),
    render: (r) =>
      r.companyName ?? (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('dev_no_company')}
        </Typography>
      ),
  };
}

export function durationColumn<T extends { durationMs: number | null }>(t: TFunction): TLogColumn<T> {
  return { key: 'duration', label: t('dev_duration'), nowrap: true, align: 'right', render: (r) => formatDuration(r.durationMs) };
}
