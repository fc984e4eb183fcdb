import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LEAD_STATUSES, type TLead, type TLeadStatus } from '@cd/contracts/leads';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { formatDateTime, formatPhone } from '../../../lib/format';
import { useUpdateLead } from '../api/update-lead';
import { idOfIri } from '../lib/leads-query';

const COLUMNS = 6;

function LeadRow({ lead }: { lead: TLead }) {
  const { t } = useTranslation();
  const update = useUpdateLead();
  const customerId = idOfIri(lead.customer);
  // The chosen status shows at once; a failed save toasts and the refetch puts the stored one back.
  const status = update.isPending && update.variables?.patch.status ? update.variables.patch.status : lead.status;
  return (
    <TableRow hover data-testid={`lead-${lead.id}`} data-status={lead.status} data-source={lead.source}>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {customerId ? (
          <Link component={RouterLink} to={`/communication/${customerId}/details`} underline="hover" sx={{ fontWeight: 600 }}>
            {lead.customerName || t('leads_unnamed_customer')}
          </Link>
        ) : (
          lead.customerName
        )}
        {lead.customerPhone && (
          <Typography variant="caption" color="text.secondary" component="div">
            {formatPhone(lead.customerPhone)}
          </Typography>
        )}
      </TableCell>
      <TableCell>{t(`lead_source_${lead.source}`)}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{lead.listingName ?? '—'}</TableCell>
      <TableCell>{lead.agentName ?? '—'}</TableCell>
      <TableCell>
        <Select
          size="small"
          value={status}
          onChange={(e) => update.mutate({ id: lead.id, patch: { status: e.target.value as TLeadStatus } })}
          disabled={update.isPending}
          inputProps={{ 'aria-label': t('leads_col_status'), 'data-testid': `lead-status-${lead.id}` }}
          sx={{ minWidth: 130 }}
        >
          {LEAD_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`lead_status_${s}`)}
            </MenuItem>
          ))}
        </Select>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(lead.createdAt)}</TableCell>
    </TableRow>
  );
}

/** Leads newest first; the status is changed in place. */
export function LeadsTable({ rows, loading }: { rows: TLead[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('menu_marketing_leads')} sx={{ minWidth: 820 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('leads_col_customer')}</TableCell>
            <TableCell>{t('leads_col_source')}</TableCell>
            <TableCell>{t('leads_col_listing')}</TableCell>
            <TableCell>{t('leads_col_agent')}</TableCell>
            <TableCell>{t('leads_col_status')}</TableCell>
            <TableCell>{t('leads_col_created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {loading ? <TableLoadingRows columns={COLUMNS} testId="leads-loading" /> : rows.map((lead) => <LeadRow key={lead.id} lead={lead} />)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
