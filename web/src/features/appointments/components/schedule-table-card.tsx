import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
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
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';

interface TProps {
  /** Prefix of the test ids: `{testId}`, `-error`, `-table`, `-loading`, `-empty`. */
  testId: string;
  title: string;
  /** Under the title: a line of explanation or a switch. */
  intro: ReactNode;
  /** The add button, for those who may edit. */
  action?: ReactNode;
  query: { isPending: boolean; isFetching: boolean; isError: boolean; refetch: () => unknown; data: readonly unknown[] | undefined };
  errorText: string;
  emptyText: string;
  columns: number;
  /** The header row's cells. */
  head: ReactNode;
  tableSx?: SxProps<Theme>;
  /** The rows, then anything after the table (dialogs). */
  rows: ReactNode;
  children?: ReactNode;
}

/** One list of the shifts-and-vacations screen: a titled card with its table and its loading, error and empty states. */
export function ScheduleTableCard(props: TProps) {
  const { t } = useTranslation();
  const { query, testId } = props;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: { xs: 2, md: 3 }, pb: { xs: 1.5, md: 2 }, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {props.title}
          </Typography>
          {props.intro}
        </Box>
        {props.action}
      </Box>
      {query.isFetching && !query.isPending && <LinearProgress aria-label={t('loading')} sx={{ height: 2 }} />}
      {query.isError ? (
        <Alert
          severity="error"
          sx={{ mx: { xs: 2, md: 3 }, mb: 3 }}
          data-testid={`${testId}-error`}
          action={
            <Button type="button" color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {props.errorText}
        </Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={props.title} data-testid={`${testId}-table`} sx={props.tableSx}>
            <TableHead>
              <TableRow>{props.head}</TableRow>
            </TableHead>
            <TableBody>
              {query.isPending && <TableLoadingRows columns={props.columns} testId={`${testId}-loading`} />}
              {query.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={props.columns} align="center" sx={{ py: 5, color: 'text.secondary' }} data-testid={`${testId}-empty`}>
                    {props.emptyText}
                  </TableCell>
                </TableRow>
              )}
              {props.rows}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {props.children}
    </Paper>
  );
}
