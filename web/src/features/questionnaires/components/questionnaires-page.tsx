import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuestionnaire } from '@cd/contracts/questionnaires';
import { isCompanyAdmin, useCurrentUser } from '../../../lib/current-user';
import { QuestionnaireDialog } from './questionnaire-dialog';
import { QuestionnaireList } from './questionnaire-list';
import { SendQuestionnaireDialog } from './send-questionnaire-dialog';

type TDialog = { kind: 'edit'; questionnaire?: TQuestionnaire } | { kind: 'send'; questionnaire: TQuestionnaire } | null;

/** Who may use the builder: the company module on, and a company admin or the real-estate role (as the server checks). */
export function canUseQuestionnaires(me: { roles: readonly string[]; modules?: Partial<Record<string, boolean>> | null }): boolean {
  return Boolean(me.modules?.questionnaire) && (isCompanyAdmin(me) || me.roles.includes('ROLE_SUPER_ADMIN') || me.roles.includes('ROLE_REAL_ESTATE'));
}

/** `/questionnaires` (issue 18): build questionnaires, send one to a customer or lead, archive the ones no longer used. */
export function QuestionnairesPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [archived, setArchived] = useState(false);
  const [dialog, setDialog] = useState<TDialog>(null);
  const allowed = canUseQuestionnaires(me);
  return (
    <Box
      sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1000, mx: 'auto', width: '100%', boxSizing: 'border-box' }}
      data-testid="questionnaires-page"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {t('screen_questionnaires')}
        </Typography>
        {allowed && (
          <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={() => setDialog({ kind: 'edit' })} data-testid="questionnaire-new">
            {t('questionnaires_new')}
          </Button>
        )}
      </Box>
      {!allowed ? (
        <Alert severity="info" data-testid="questionnaires-unavailable">
          {t(me.modules?.questionnaire ? 'questionnaires_no_access' : 'questionnaires_module_off')}
        </Alert>
      ) : (
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={archived ? 'archived' : 'active'}
            onChange={(_, v: 'active' | 'archived' | null) => v && setArchived(v === 'archived')}
            aria-label={t('questionnaires_show')}
          >
            <ToggleButton value="active" data-testid="questionnaires-tab-active">
              {t('questionnaires_active')}
            </ToggleButton>
            <ToggleButton value="archived" data-testid="questionnaires-tab-archived">
              {t('questionnaires_archived_tab')}
            </ToggleButton>
          </ToggleButtonGroup>
          <QuestionnaireList
            archived={archived}
            onEdit={(questionnaire) => setDialog({ kind: 'edit', questionnaire })}
            onSend={(questionnaire) => setDialog({ kind: 'send', questionnaire })}
          />
        </>
      )}
      {dialog?.kind === 'edit' && <QuestionnaireDialog questionnaire={dialog.questionnaire} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'send' && <SendQuestionnaireDialog questionnaire={dialog.questionnaire} onClose={() => setDialog(null)} />}
    </Box>
  );
}
