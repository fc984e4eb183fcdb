import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TUsageMetrics } from '@cd/contracts/analytics';
import { formatDuration } from '../lib/analytics-format';

function TablePanel(props: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0, breakInside: 'avoid' }} data-testid={props.testId}>
      <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {props.title}
      </Typography>
      {/* Figures keep to one line; a narrow screen scrolls the table sideways instead. */}
      <TableContainer sx={{ overflowX: 'auto', '& td': { whiteSpace: 'nowrap' } }}>{props.children}</TableContainer>
    </Paper>
  );
}

/** Per agent: replies, conversations, first response (business hours and wall clock) and the §9 buckets. */
export function AgentTable({ metrics }: { metrics: TUsageMetrics }) {
  const { t } = useTranslation();
  return (
    <TablePanel title={t('analytics_per_agent')} testId="analytics-agents-table">
      {metrics.perAgent.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('analytics_agents_empty')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('analytics_per_agent')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('analytics_agent')}</TableCell>
              <TableCell align="right">{t('analytics_replies_sent')}</TableCell>
              <TableCell align="right">{t('analytics_conversations_handled')}</TableCell>
              <TableCell align="right">{t('analytics_first_response_business')}</TableCell>
              <TableCell align="right">{t('analytics_first_response_wall')}</TableCell>
              <TableCell align="right">{t('analytics_bucket_under5')}</TableCell>
              <TableCell align="right">{t('analytics_bucket_5to15')}</TableCell>
              <TableCell align="right">{t('analytics_bucket_over15')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {metrics.perAgent.map((a) => (
              <TableRow key={a.userId} data-testid="analytics-agent-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{a.name}</TableCell>
                <TableCell align="right">{a.messagesOut}</TableCell>
                <TableCell align="right">{a.conversationsHandled}</TableCell>
                <TableCell align="right">{formatDuration({ seconds: a.firstResponse.business.avgSeconds, t })}</TableCell>
                <TableCell align="right">{formatDuration({ seconds: a.firstResponse.wall.avgSeconds, t })}</TableCell>
                <TableCell align="right">{a.firstResponse.business.under5}</TableCell>
                <TableCell align="right">{a.firstResponse.business.from5to15}</TableCell>
                <TableCell align="right">{a.firstResponse.business.over15}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TablePanel>
  );
}

/** Per channel: messages in, out by people, out automated. */
export function ChannelTable({ metrics }: { metrics: TUsageMetrics }) {
  const { t } = useTranslation();
  return (
    <TablePanel title={t('analytics_per_channel')} testId="analytics-channels-table">
      <Table size="small" aria-label={t('analytics_per_channel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('channel')}</TableCell>
            <TableCell align="right">{t('analytics_messages_in')}</TableCell>
            <TableCell align="right">{t('analytics_messages_out_human')}</TableCell>
            <TableCell align="right">{t('analytics_messages_out_automated')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {metrics.perChannel.map((c) => (
            <TableRow key={c.channel} data-testid="analytics-channel-row">
              <TableCell>{t(`channel_${c.channel}`, { defaultValue: c.channel })}</TableCell>
              <TableCell align="right">{c.inbound}</TableCell>
              <TableCell align="right">{c.outboundHuman}</TableCell>
              <TableCell align="right">{c.outboundAutomated}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TablePanel>
  );
}
