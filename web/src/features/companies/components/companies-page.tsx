import { useDeferredValue, useState } from 'react';
import Add from '@mui/icons-material/Add';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TCompany } from '@cd/contracts/company';
import { pageFromLink } from '@cd/contracts/hydra';
import { useCompanies } from '../../../api/get-companies';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { formatDateTime, formatPhone } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteCompany } from '../api/delete-company';
import { useUpdateCompanyState } from '../api/update-company-state';
import { CompanyStatusChip } from './company-status-chip';
import { CreateCompanyDialog } from './create-company-dialog';

const ITEMS_PER_PAGE = 15;

export function CompaniesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<TCompany | null>(null);
  // Typing stays responsive; the query follows the deferred value.
  const name = useDeferredValue(search);
  const companies = useCompanies({ params: { page, itemsPerPage: ITEMS_PER_PAGE, name } });
  const toggle = useUpdateCompanyState();
  const remove = useDeleteCompany();

  const data = companies.data;
  const pageCount = data
    ? Math.max(pageFromLink(data.view?.last) ?? Math.ceil((data.totalItems ?? 0) / ITEMS_PER_PAGE), 1)
    : 1;

  const onToggle = (company: TCompany) =>
    toggle.mutate({ id: company.id, body: { enabled: !company.enabled } }, { onSuccess: () => toastSuccess(t('success')) });

  const onDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toastSuccess(t('success'));
        setToDelete(null);
        // Deleting the last row of the last page would leave an empty page.
        if (data && data.member.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="companies-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('companies')}
        </Typography>
        <TextField
          size="small"
          id="companies-search"
          label={t('search_by_name')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          slotProps={{
            htmlInput: { 'data-testid': 'companies-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="button" variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="companies-create-button">
          {t('create_company')}
        </Button>
      </Box>

      {companies.isPending ? (
        <PageSpinner />
      ) : companies.isError ? (
        <Alert
          severity="error"
          data-testid="companies-error"
          action={
            <Button type="button" color="inherit" size="small" onClick={() => void companies.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('companies_load_failed')}
        </Alert>
      ) : (
        <Paper variant="outlined">
          {companies.isFetching && <LinearProgress aria-label={t('loading')} />}
          <TableContainer>
            <Table size="small" aria-label={t('companies')} data-testid="companies-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell>{t('slug')}</TableCell>
                  <TableCell>{t('phone')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                  <TableCell>{t('created')}</TableCell>
                  <TableCell align="right">{t('actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data?.member.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6} align="center" sx={{ py: 6 }} data-testid="companies-empty">
                      {name.trim() ? t('no_companies_match') : t('no_companies')}
                    </TableCell>
                  </TableRow>
                )}
                {data?.member.map((company) => (
                  <TableRow
                    key={company.id}
                    hover
                    tabIndex={0}
                    sx={{ cursor: 'pointer' }}
                    data-testid={`company-row-${company.id}`}
                    onClick={() => void navigate(`/companies/${company.id}/general_data`)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && e.target === e.currentTarget) void navigate(`/companies/${company.id}/general_data`);
                    }}
                  >
                    <TableCell sx={{ fontWeight: 600 }}>{company.name}</TableCell>
                    <TableCell>{company.slug}</TableCell>
                    <TableCell>{formatPhone(company.phone)}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        <Chip
                          size="small"
                          color={company.enabled ? 'success' : 'default'}
                          variant={company.enabled ? 'filled' : 'outlined'}
                          label={company.enabled ? t('enabled') : t('disabled')}
                        />
                        <Box component="span" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                          <CompanyStatusChip
                            status={company.status}
                            testId={`company-status-${company.id}`}
                            companyName={company.name}
                            busy={toggle.isPending && toggle.variables?.id === company.id}
                            onChange={(status) => toggle.mutate({ id: company.id, body: { status } }, { onSuccess: () => toastSuccess(t('success')) })}
                          />
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell>{formatDateTime(company.createdAt)}</TableCell>
                    <TableCell align="right" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                      <Tooltip title={company.enabled ? t('disable') : t('enable')}>
                        <span>
                          <IconButton
                            type="button"
                            size="small"
                            aria-label={`${company.enabled ? t('disable') : t('enable')}: ${company.name}`}
                            data-testid={`company-toggle-${company.id}`}
                            disabled={toggle.isPending && toggle.variables?.id === company.id}
                            onClick={() => onToggle(company)}
                          >
                            {company.enabled ? <BlockOutlined fontSize="small" /> : <CheckCircleOutline fontSize="small" />}
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('delete')}>
                        <IconButton
                          type="button"
                          size="small"
                          color="error"
                          aria-label={`${t('delete')}: ${company.name}`}
                          data-testid={`company-delete-${company.id}`}
                          onClick={() => setToDelete(company)}
                        >
                          <DeleteOutline fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {data?.totalItems !== undefined && data.totalItems > 0 && (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1.5, flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('total_items', { count: data.totalItems })}
              </Typography>
              {pageCount > 1 && (
                <Pagination
                  count={pageCount}
                  page={Math.min(page, pageCount)}
                  siblingCount={2}
                  boundaryCount={1}
                  onChange={(_e, p) => setPage(p)}
                  data-testid="companies-pagination"
                />
              )}
            </Box>
          )}
        </Paper>
      )}

      <CreateCompanyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={!!toDelete}
        title={t('delete_company')}
        text={t('are_you_sure_you_want_to_delete_selected_company')}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
