import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TChange } from '../lib/dashboard-format';

type TProps = {
  title: string;
  /** The list behind the figure. */
  to: string;
  testId: string;
  children: ReactNode;
  /** Spans the whole row (tables, charts). */
  wide?: boolean;
};

/** A dashboard card: its title links to the screen that lists what it counts. */
export function MetricCard(props: TProps) {
  return (
    <Paper
      variant="outlined"
      data-testid={props.testId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1, gridColumn: props.wide ? '1 / -1' : undefined, minWidth: 0, breakInside: 'avoid' }}
    >
      <Link
        component={RouterLink}
        to={props.to}
        underline="hover"
        color="text.secondary"
        data-testid={`${props.testId}-link`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start', fontWeight: 600, fontSize: '0.875rem' }}
      >
        {props.title}
        <ArrowForward sx={{ fontSize: 16, displayPrint: 'none' }} />
      </Link>
      {props.children}
    </Paper>
  );
}

/** The big number of a card. */
export function BigFigure(props: { value: ReactNode; testId?: string }) {
  return (
    <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }} data-testid={props.testId}>
      {props.value}
    </Typography>
  );
}

/**
 * The change against last week: an arrow and the percent. `lowerIsBetter` colours a fall green (response times).
 */
export function ChangeBadge(props: { change: TChange; lowerIsBetter?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const { direction, percent } = props.change;
  const good = direction === 'flat' ? null : (direction === 'down') === !!props.lowerIsBetter;
  const color = good === null ? 'text.secondary' : good ? 'success.main' : 'error.main';
  const Icon = direction === 'up' ? ArrowUpward : ArrowDownward;
  const label = percent === null ? t('dashboard_change_new') : `${percent > 0 ? '+' : ''}${percent}%`;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, color, fontWeight: 600, fontSize: '0.875rem' }}
      data-testid={props.testId}
    >
      {direction !== 'flat' && <Icon sx={{ fontSize: 16 }} aria-label={t(direction === 'up' ? 'dashboard_change_up' : 'dashboard_change_down')} />}
      {label}
    </Box>
  );
}

/** A row of small labelled figures under the big one. */
export function FigureRow(props: { items: { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5 }}>
      {props.items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {item.label}
          </Typography>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }} data-testid={item.testId}>
            {item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What a card says while it has nothing to count yet. */
export function CardHint(props: { children: ReactNode; testId?: string }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid={props.testId}>
      {props.children}
    </Typography>
  );
}
