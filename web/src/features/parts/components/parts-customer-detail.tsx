import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@cd/contracts/payment-money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../lib/format';
import { useLinkedCustomer } from '../api/get-linked-customer';
import { usePartsCustomer } from '../api/get-parts-customer';
import type { TTicketResource } from '../api/get-parts-tickets';
import { PartsCustomerDialog } from './parts-customer-dialog';
import { PartsStatementDialog } from './parts-statement-dialog';
import { PartsStatementList } from './parts-statement-list';
import { PartsTicketDialog } from './parts-ticket-dialog';
import { PartsTicketList } from './parts-ticket-list';

type TTab = TTicketResource | 'parts_statements';
const TABS: [TTab, string][] = [
  ['parts_counter_tickets', 'parts_tab_tickets'],
  ['parts_sales', 'parts_tab_sales'],
  ['parts_statements', 'parts_tab_statements'],
];

/** One account: its details and balance, then its counter tickets, sales and statements. */
export function PartsCustomerDetail({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const customer = usePartsCustomer(customerId);
  const [tab, setTab] = useState<TTab>('parts_counter_tickets');
  const [dialog, setDialog] = useState<'ticket' | 'statement' | 'edit' | null>(null);

  if (customer.isPending) return <Skeleton variant="rectangular" height={200} sx={{ m: 2 }} />;
  if (customer.isError)
    return (
      <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void customer.refetch()}>{t('retry')}</Button>} data-testid="parts-customer-error">
        {t('parts_load_error')}
      </Alert>
    );
  const c = customer.data;
  const facts = [c.contactName, c.phone ? formatPhone(c.phone) : null, c.email, t('parts_terms_days', { count: c.termsDays })].filter(Boolean);
  return (
    <Box data-testid="parts-customer-detail">
      <Box sx={{ p: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h2">
            {c.name}
            {c.customerReference && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {c.customerReference}
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {facts.join(' · ')}
          </Typography>
          {c.customer ? (
            <LinkedCustomer iri={c.customer} />
          ) : (
            <Typography variant="caption" color="warning.main" data-testid="parts-not-linked">
              {t('parts_not_linked')}
            </Typography>
          )}
          <Box>
            <Button size="small" onClick={() => setDialog('edit')} data-testid="parts-customer-edit" sx={{ ml: -0.5, mt: 0.5 }}>
              {c.customer ? t('parts_customer_edit') : t('parts_link_action')}
            </Button>
          </Box>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="overline">{t('parts_balance')}</Typography>
          <Typography variant="h6" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="parts-balance">
            {formatMoney(c.balanceCents)}
          </Typography>
          {c.overdueCents > 0 && (
            <Typography variant="caption" color="error">
              {t('parts_overdue_amount', { amount: formatMoney(c.overdueCents) })}
            </Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', px: 1, flexWrap: 'wrap' }}>
        <Tabs value={tab} onChange={(_e, v: TTab) => setTab(v)} variant="scrollable" sx={{ flex: 1, minWidth: 0 }}>
          {TABS.map(([value, key]) => (
            <Tab key={value} value={value} label={t(key)} data-testid={`parts-tab-${value}`} />
          ))}
        </Tabs>
        <Button size="small" onClick={() => setDialog(tab === 'parts_statements' ? 'statement' : 'ticket')} data-testid="parts-new-document">
          {tab === 'parts_statements' ? t('parts_statement_new') : tab === 'parts_sales' ? t('parts_sale_new') : t('parts_ticket_new')}
        </Button>
      </Box>
      {tab === 'parts_statements' ? <PartsStatementList customerId={c.id} /> : <PartsTicketList resource={tab} customerId={c.id} />}
      {dialog === 'ticket' && tab !== 'parts_statements' && <PartsTicketDialog resource={tab} customerId={c.id} onClose={() => setDialog(null)} />}
      {dialog === 'statement' && <PartsStatementDialog customerId={c.id} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && <PartsCustomerDialog customer={c} onClose={() => setDialog(null)} />}
    </Box>
  );
}

/** "Texts go to Pat Doe · (555) 010-0100": the messaging customer the account is linked to. */
function LinkedCustomer({ iri }: { iri: string }) {
  const { t } = useTranslation();
  const linked = useLinkedCustomer(iri);
  if (linked.isPending) return <Skeleton width={180} data-testid="parts-linked-loading" />;
  const who = linked.data
    ? [linked.data.name, linked.data.phone ? formatPhone(linked.data.phone) : null].filter(Boolean).join(' · ')
    : t('parts_link_hidden', { id: iri.slice(iri.lastIndexOf('/') + 1) });
  return (
    <Typography variant="body2" data-testid="parts-linked-customer">
      {t('parts_linked_to', { who })}
    </Typography>
  );
}
