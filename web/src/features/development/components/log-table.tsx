import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';

export type TLogColumn<T> = { key: string; label: string; render: (row: T) => ReactNode; nowrap?: boolean; align?: 'right' };

// A row the live tail brought in fades from the highlight colour once, when it mounts.
const arrive = keyframes`from { background-color: rgba(255, 193, 7, 0.35); } to { background-color: transparent; }`;

/** The development logs' dense table: rows open the detail, placeholder rows while loading, "load more" for keyset pages. */
export function LogTable<T extends { id: number }>(props: {
  label: string;
  testId: string;
  columns: TLogColumn<T>[];
  rows: T[];
  newIds: ReadonlySet<number>;
  pending: boolean;
  fetching: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onOpen: (row: T) => void;
  openId: number | null;
}) {
  const { t } = useTranslation();
  const { columns, rows, testId } = props;
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{props.fetching && !props.pending && <LinearProgress aria-label={t('loading')} />}</Box>
      <TableContainer>
        <Table size="small" aria-label={props.label} data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ whiteSpace: 'nowrap' }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.pending && <TableLoadingRows columns={columns.length} testId={`${testId}-loading`} />}
            {!props.pending && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 6 }} data-testid={`${testId}-empty`}>
                  {t('dev_log_empty')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((r) => (
              <TableRow
                key={r.id}
                hover
                selected={props.openId === r.id}
                tabIndex={0}
                data-testid={`${testId}-row`}
                data-id={r.id}
                data-new={props.newIds.has(r.id) || undefined}
                sx={{ cursor: 'pointer', ...(props.newIds.has(r.id) && { animation: `${arrive} 2.5s ease-out` }) }}
                onClick={() => props.onOpen(r)}
                onKeyDown={(e) => {
                  if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
                    e.preventDefault();
                    props.onOpen(r);
                  }
                }}
              >
                {columns.map((c) => (
                  <TableCell
                    key={c.key}
                    align={c.align}
                    sx={c.nowrap ? { whiteSpace: 'nowrap' } : { maxWidth: 300, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {c.render(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1, minHeight: 44 }}>
        <Typography variant="body2" color="text.secondary" data-testid={`${testId}-count`}>
          {t('dev_log_shown', { n: rows.length })}
        </Typography>
        {props.hasMore && (
          <Button type="button" size="small" disabled={props.loadingMore} onClick={props.onMore} data-testid={`${testId}-more`}>
            {t('load_more')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
