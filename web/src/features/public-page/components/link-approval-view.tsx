import { useState } from 'react';
import Check from '@mui/icons-material/Check';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPublicApprovalPage } from '@cd/contracts/customer-link';
import { formatCents } from '@cd/contracts/money';
import type { TLineDecision } from '@cd/contracts/repair-order-line';
import { ApiError } from '../../../lib/api-client';
import { useAnswerApproval } from '../api/answer-approval';
import { allDecided, approvalAnswerOf, decisionTotals, pendingLinesOf, type TDecisions } from '../lib/link-pages';
import { formatPublicDateTime, OrderHead, PublicLineStatus } from './link-parts';

type TLine = TPublicApprovalPage['lines'][number];

function LinePhotos({ line }: { line: TLine }) {
  if (line.files.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, overflowX: 'auto', py: 0.5 }}>
      {line.files.map((f, i) =>
        f.mimeType.startsWith('image/') ? (
          <Link key={i} href={f.url} target="_blank" rel="noopener" sx={{ flexShrink: 0 }}>
            <Box
              component="img"
              src={f.thumbnailUrl ?? f.url}
              alt=""
              sx={{ width: 88, height: 88, objectFit: 'cover', borderRadius: 1.5, border: 1, borderColor: 'divider', display: 'block' }}
            />
          </Link>
        ) : (
          <Link key={i} href={f.url} target="_blank" rel="noopener" variant="body2">
            {f.mimeType === 'application/pdf' ? 'PDF' : f.mimeType}
          </Link>
        ),
      )}
    </Box>
  );
}

function TotalsBar({ totals }: { totals: { approved: number; denied: number; undecided: number } }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }} data-testid="approval-total">
      <Typography variant="body2" color="text.secondary">
        {t('public_total_approved')}
      </Typography>
      <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
        {formatCents(totals.approved)}
      </Typography>
    </Box>
  );
}

/** Read-only after the answers are in: each line with the decision. */
function AnsweredView({ page }: { page: TPublicApprovalPage }) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ px: 2, pb: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="approval-answered">
      <Alert icon={<CheckCircleOutline />} severity="success">
        {page.answeredAt ? t('public_approval_thanks_at', { time: formatPublicDateTime(page.answeredAt, i18n.language) }) : t('public_approval_nothing')}
      </Alert>
      {page.lines.map((line) => (
        <Box key={line.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }} data-testid={`approval-answered-line-${line.id}`} data-status={line.status}>
          <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {line.description}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {formatCents(line.price)}
          </Typography>
          <PublicLineStatus status={line.status} />
        </Box>
      ))}
      <Divider />
      <TotalsBar totals={{ approved: page.totals.approved, denied: page.totals.denied, undecided: page.totals.pending }} />
    </Box>
  );
}

/**
 * Line approval: approve or deny each pending line (price, photos), a running total, a confirmation step, then the
 * answers once; the page is read-only afterwards.
 */
export function LinkApprovalView({ page, code }: { page: TPublicApprovalPage; code: string }) {
  const { t } = useTranslation();
  const answer = useAnswerApproval();
  const [decisions, setDecisions] = useState<TDecisions>({});
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lines = pendingLinesOf(page);
  const totals = decisionTotals(lines, decisions);
  const ready = allDecided(lines, decisions);

  if (lines.length === 0)
    return (
      <Box data-testid="link-approval-page">
        <OrderHead page={page} title={t('public_approval_title')} />
        <AnsweredView page={page} />
      </Box>
    );

  const decide = (id: number, decision: TLineDecision | null) => {
    setError(null);
    setDecisions((d) => ({ ...d, [id]: decision ?? undefined }));
  };
  const send = () => {
    const body = approvalAnswerOf(lines, decisions);
    if (!body || answer.isPending) return;
    setError(null);
    answer.mutate(
      { code, body },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.status === 410) setError('link_expired');
          else if (err instanceof ApiError && (err.status === 409 || err.status === 422)) setError('public_approval_already_answered');
          else setError('public_page_submit_failed');
        },
      },
    );
  };

  return (
    <Box data-testid="link-approval-page">
      <OrderHead page={page} title={t('public_approval_title')} />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        {confirming ? t('public_approval_confirm_intro') : t('public_approval_intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {lines.map((line) => {
          const d = decisions[line.id];
          return (
            <Box
              key={line.id}
              sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 1 }}
              data-testid={`approval-line-${line.id}`}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                <Typography variant="body1" sx={{ flex: 1, fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {line.description}
                </Typography>
                <Typography variant="body1" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {formatCents(line.price)}
                </Typography>
              </Box>
              <LinePhotos line={line} />
              {confirming ? (
                <Box>
                  <PublicLineStatus status={d ?? 'pending'} testId={`approval-line-decision-${line.id}`} />
                </Box>
              ) : (
                <ToggleButtonGroup
                  exclusive
                  fullWidth
                  size="small"
                  value={d ?? null}
                  onChange={(_, v: TLineDecision | null) => decide(line.id, v)}
                  aria-label={line.description}
                >
                  <ToggleButton value="approved" color="success" data-testid={`approval-approve-${line.id}`} sx={{ gap: 0.5, fontWeight: 600 }}>
                    <Check fontSize="small" /> {t('public_approve')}
                  </ToggleButton>
                  <ToggleButton value="denied" color="error" data-testid={`approval-deny-${line.id}`} sx={{ gap: 0.5, fontWeight: 600 }}>
                    <Close fontSize="small" /> {t('public_deny')}
                  </ToggleButton>
                </ToggleButtonGroup>
              )}
            </Box>
          );
        })}
      </Box>
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          px: 2,
          py: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
        }}
      >
        <TotalsBar totals={totals} />
        {!ready && (
          <Typography variant="caption" color="text.secondary" data-testid="approval-remaining">
            {t('public_approval_remaining', { count: lines.filter((l) => !decisions[l.id]).length })}
          </Typography>
        )}
        {error && (
          <Alert severity="error" data-testid="approval-error">
            {t(error)}
          </Alert>
        )}
        {confirming ? (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="outlined" onClick={() => setConfirming(false)} disabled={answer.isPending} sx={{ flex: 1 }} data-testid="approval-back">
              {t('public_change_answers')}
            </Button>
            <Button
              variant="contained"
              onClick={send}
              disabled={answer.isPending}
              startIcon={answer.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              sx={{ flex: 2 }}
              data-testid="approval-send"
            >
              {t('public_send_answers')}
            </Button>
          </Box>
        ) : (
          <Button variant="contained" size="large" disabled={!ready} onClick={() => setConfirming(true)} data-testid="approval-review">
            {t('public_review_answers')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
