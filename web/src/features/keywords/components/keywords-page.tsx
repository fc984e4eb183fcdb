import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { KEYWORD_ALPHABET, KEYWORD_STATUSES, type TKeyword, type TKeywordStatus } from '@cd/contracts/listings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MessagePage } from '../../../components/ui/message-page';
import { TableLoadingRows } from '../../../components/ui/table-loading-rows';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteKeyword } from '../api/delete-keyword';
import { useKeywords } from '../api/get-keywords';
import { GenerateKeywordsDialog } from './generate-keywords-dialog';
import { KeywordCompanyPicker, type TCompanyChoice } from './keyword-company-picker';

const PER_PAGE = [25, 50, 100];

function KeywordRow({ keyword, onDelete }: { keyword: TKeyword; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`keyword-${keyword.name}`} data-status={keyword.status}>
      <TableCell sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: 1 }}>{keyword.name}</TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" color={keyword.status === 'AVAILABLE' ? 'success' : 'default'} label={t(`keyword_status_${keyword.status}`)} />
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{keyword.listingName ?? '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(keyword.createdAt)}</TableCell>
      <TableCell align="right">
        {keyword.status === 'AVAILABLE' && (
          <IconButton
            size="small"
            aria-label={t('keyword_delete_named', { name: keyword.name })}
            onClick={onDelete}
            data-testid={`keyword-delete-${keyword.name}`}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}

/**
 * /keywords (super admin; spec part 2 §6): one company's keywords with their status (USED while a listing holds one),
 * generating N new ones, deleting an AVAILABLE one after a confirmation.
 */
export function KeywordsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [company, setCompany] = useState<TCompanyChoice | null>(me.companyData ? { id: me.companyData.id, name: me.companyData.name } : null);
  const [status, setStatus] = useState<TKeywordStatus | ''>('');
  const [search, setSearch] = useState('');
  const name = useDebouncedValue(search, 300);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PER_PAGE[0]!);
  const [generating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<TKeyword | null>(null);
  const remove = useDeleteKeyword();
  const list = useKeywords(company ? { companyId: company.id, status, name, page: page + 1, itemsPerPage: perPage } : null);

  if (!me.roles.includes('ROLE_SUPER_ADMIN'))
    return <MessagePage testId="keywords-forbidden" title={t('keywords_forbidden')} body={t('keywords_forbidden_body')} />;

  const rows = list.data?.member ?? [];
  const total = list.data?.totalItems ?? 0;
  let body;
  if (!company)
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="keywords-pick-company">
        {t('keywords_pick_company')}
      </Typography>
    );
  else if (list.isError)
    body = (
      <Alert severity="error" data-testid="keywords-error" action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}>
        {list.error.message || t('keywords_load_failed')}
      </Alert>
    );
  else if (!list.isPending && rows.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="keywords-empty">
        {status || name ? t('keywords_none_for_filter') : t('keywords_none')}
      </Typography>
    );
  else
    body = (
      <Paper variant="outlined">
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('menu_keywords')} sx={{ minWidth: 600 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('keyword')}</TableCell>
                <TableCell>{t('keyword_status')}</TableCell>
                <TableCell>{t('listing')}</TableCell>
                <TableCell>{t('created')}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {t('actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <TableLoadingRows columns={5} testId="keywords-loading" />
              ) : (
                rows.map((k) => <KeywordRow key={k.id} keyword={k} onDelete={() => setDeleting(k)} />)
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={page}
          onPageChange={(_e, p) => setPage(p)}
          rowsPerPage={perPage}
          rowsPerPageOptions={PER_PAGE}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('rows_per_page')}
        />
      </Paper>
    );

  return (
    <Box
      sx={{
        p: { xs: 2, md: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        maxWidth: 1100,
        mx: 'auto',
        width: '100%',
        boxSizing: 'border-box',
        overflowY: 'auto',
      }}
      data-testid="keywords-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('menu_keywords')}
        </Typography>
        <Button
          variant="contained"
          size="small"
          startIcon={<AutoAwesomeOutlined />}
          disabled={!company}
          onClick={() => setGenerating(true)}
          data-testid="keywords-generate"
        >
          {t('keywords_generate')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('keywords_alphabet_hint', { alphabet: KEYWORD_ALPHABET })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <KeywordCompanyPicker
          value={company}
          onChange={(c) => {
            setCompany(c);
            setPage(0);
          }}
        />
        <TextField
          size="small"
          label={t('keywords_search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'keywords-search' } }}
        />
        <TextField
          select
          size="small"
          label={t('keyword_status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as TKeywordStatus | '');
            setPage(0);
          }}
          sx={{ minWidth: 150 }}
          slotProps={{ htmlInput: { 'data-testid': 'keywords-status' } }}
        >
          <MenuItem value="">{t('listings_any_status')}</MenuItem>
          {KEYWORD_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`keyword_status_${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {body}
      {generating && company && <GenerateKeywordsDialog companyId={company.id} companyName={company.name} onClose={() => setGenerating(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('keyword_delete')}
        text={t('keyword_delete_confirm', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toastSuccess(t('keyword_deleted', { name: deleting.name })),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Box>
  );
}
