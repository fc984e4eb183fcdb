import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuestionnaire } from '@cd/contracts/questionnaires';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useArchiveQuestionnaire } from '../api/archive-questionnaire';
import { useDeleteQuestionnaire } from '../api/delete-questionnaire';
import { useQuestionnaires } from '../api/get-questionnaires';

/** Plural keys (the catalogues hold their _one/_few/_other forms). */
const COUNT_KEYS = { questions: 'questionnaires_question_count', sent: 'questionnaires_sent_count', answered: 'questionnaires_answered_count' } as const;

type TAction = { kind: 'archive' | 'unarchive' | 'delete'; questionnaire: TQuestionnaire };

function Row(props: { q: TQuestionnaire; onEdit: () => void; onSend: () => void; onAction: (kind: TAction['kind']) => void }) {
  const { t } = useTranslation();
  const { q } = props;
  const action = (label: string, icon: React.ReactNode, onClick: () => void, testId: string) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label}: ${q.name}`} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid={`questionnaire-row-${q.id}`}>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {q.name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
          <Chip size="small" label={t(COUNT_KEYS.questions, { count: q.questions.length })} />
          <Chip size="small" variant="outlined" label={t(COUNT_KEYS.sent, { count: q.sentCount })} />
          <Chip
            size="small"
            variant="outlined"
            color={q.answeredCount > 0 ? 'success' : 'default'}
            label={t(COUNT_KEYS.answered, { count: q.answeredCount })}
          />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        {!q.archived && (
          <Button size="small" variant="outlined" startIcon={<SendOutlined />} onClick={props.onSend} data-testid={`questionnaire-send-${q.id}`}>
            {t('questionnaires_send')}
          </Button>
        )}
        {action(t('questionnaires_edit'), <EditOutlined fontSize="small" />, props.onEdit, `questionnaire-edit-${q.id}`)}
        {q.archived
          ? action(t('questionnaires_unarchive'), <UnarchiveOutlined fontSize="small" />, () => props.onAction('unarchive'), `questionnaire-unarchive-${q.id}`)
          : action(t('questionnaires_archive'), <ArchiveOutlined fontSize="small" />, () => props.onAction('archive'), `questionnaire-archive-${q.id}`)}
        {q.sentCount === 0 &&
          action(t('questionnaires_delete'), <DeleteOutlined fontSize="small" />, () => props.onAction('delete'), `questionnaire-delete-${q.id}`)}
      </Box>
    </Paper>
  );
}

/** The builder's list (active or archived), each with send, edit, archive/unarchive and — when never sent — delete, all confirmed. */
export function QuestionnaireList(props: { archived: boolean; onEdit: (q: TQuestionnaire) => void; onSend: (q: TQuestionnaire) => void }) {
  const { t } = useTranslation();
  const list = useQuestionnaires(props.archived);
  const archive = useArchiveQuestionnaire();
  const remove = useDeleteQuestionnaire();
  const [pending, setPending] = useState<TAction | null>(null);
  const busy = archive.isPending || remove.isPending;

  const confirm = () => {
    if (!pending) return;
    const { kind, questionnaire: q } = pending;
    const done = (key: string) => () => {
      toastSuccess(t(key, { name: q.name }));
      setPending(null);
    };
    const failed = (err: Error) => {
      toastError(err.message);
      setPending(null);
    };
    if (kind === 'delete') remove.mutate(q.id, { onSuccess: done('questionnaires_deleted'), onError: failed });
    else
      archive.mutate(
        { id: q.id, archived: kind === 'archive' },
        { onSuccess: done(kind === 'archive' ? 'questionnaires_archived' : 'questionnaires_unarchived'), onError: failed },
      );
  };

  if (list.isPending)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="questionnaires-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={72} />
        ))}
      </Box>
    );
  if (list.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('public_page_retry')}
          </Button>
        }
        data-testid="questionnaires-error"
      >
        {t('questionnaires_load_error')}
      </Alert>
    );
  const items = list.data.member;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="questionnaire-list">
      {items.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="questionnaires-empty">
          {t(props.archived ? 'questionnaires_empty_archived' : 'questionnaires_empty')}
        </Typography>
      )}
      {items.map((q) => (
        <Row key={q.id} q={q} onEdit={() => props.onEdit(q)} onSend={() => props.onSend(q)} onAction={(kind) => setPending({ kind, questionnaire: q })} />
      ))}
      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        title={pending ? t(`questionnaires_confirm_${pending.kind}_title`) : ''}
        text={pending ? t(`questionnaires_confirm_${pending.kind}_text`, { name: pending.questionnaire.name }) : ''}
        confirmLabel={pending ? t(`questionnaires_${pending.kind}`) : undefined}
        onConfirm={confirm}
        onClose={() => !busy && setPending(null)}
      />
    </Box>
  );
}
