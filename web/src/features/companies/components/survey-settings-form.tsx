import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SURVEY_DAY_CHOICES, ZSurveySettingsSchema, type TCompany } from '@cd/contracts/company';
import { useSettingsForm, type TFieldErrors } from '../hooks/use-settings-form';
import { settingsMessageKey } from '../lib/company-choices';
import { fieldError, toGroupPatch } from '../lib/group-settings';
import { cleanQuestions, DEFAULT_SEND_AT_HOUR, SEND_AT_HOURS, validateQuestions, type TSurveyQuestion } from '../lib/survey-questions';
import { EmailChipsInput } from './email-chips-input';
import { SettingsSection } from './settings-section';
import { SurveyQuestionsEditor } from './survey-questions-editor';

const toValues = (c: TCompany) => {
  const s = c.surveySettings;
  return {
    daysAfter: (s.daysAfter ?? 0) as number,
    resendUncompletedDaysAfter: (s.resendUncompletedDaysAfter ?? 0) as number,
    sendAtHour: s.sendAtHour ?? DEFAULT_SEND_AT_HOUR,
    text: s.text ?? '',
    resendText: s.resendText ?? '',
    negativeResponseNotificationEmails: s.negativeResponseNotificationEmails ?? [],
    notifyRelatedUserAboutNegativeSurvey: s.notifyRelatedUserAboutNegativeSurvey ?? false,
    negativeResponseQuestions: (s.negativeResponseQuestions ?? []) as TSurveyQuestion[],
    positiveResponseQuestions: (s.positiveResponseQuestions ?? []) as TSurveyQuestion[],
  };
};
type TSurveyValues = ReturnType<typeof toValues>;

function toPatch(changed: Partial<TSurveyValues>) {
  const out: Record<string, unknown> = { ...changed };
  if (changed.negativeResponseQuestions) out.negativeResponseQuestions = cleanQuestions(changed.negativeResponseQuestions);
  if (changed.positiveResponseQuestions) out.positiveResponseQuestions = cleanQuestions(changed.positiveResponseQuestions);
  return toGroupPatch({ group: 'surveySettings', changed: out });
}

function validate(values: TSurveyValues): TFieldErrors {
  const errors: TFieldErrors = {
    ...validateQuestions('negativeResponseQuestions', values.negativeResponseQuestions),
    ...validateQuestions('positiveResponseQuestions', values.positiveResponseQuestions),
  };
  const group = toPatch(values).surveySettings as Record<string, unknown>;
  const parsed = ZSurveySettingsSchema.safeParse(group);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** csi: when and how the satisfaction survey is sent, who hears about negative answers, and the follow-up questions. */
export function SurveySettingsForm({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const form = useSettingsForm({ company, toValues, validate, toPatch });
  const v = form.editing ? form.values : toValues(company);
  const set = (patch: Partial<TSurveyValues>) => form.setValues({ ...form.values, ...patch });
  const message = (field: string) => {
    const m = fieldError({ errors: form.errors, group: 'surveySettings', field });
    return m ? t(settingsMessageKey({ path: field, message: m }), { defaultValue: m }) : undefined;
  };
  const daysLabel = (n: number) => (n === 0 ? t('survey_disabled') : n === 1 ? t('survey_one_day') : t('survey_days', { count: n }));

  const daySelect = (field: 'daysAfter' | 'resendUncompletedDaysAfter') => (
    <TextField
      select
      size="small"
      label={t(`survey_${field}`)}
      value={v[field]}
      onChange={(e) => set({ [field]: Number(e.target.value) })}
      error={!!message(field)}
      helperText={message(field) ?? t(`survey_${field}_hint`)}
      slotProps={{ htmlInput: { 'data-testid': `survey-field-${field}` } }}
    >
      {SURVEY_DAY_CHOICES.map((n) => (
        <MenuItem key={n} value={n}>
          {daysLabel(n)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <SettingsSection
      title={t('survey_settings')}
      testId="survey-settings"
      form={form}
    >
      {!form.editing ? (
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2, m: 0 }}>
          <ViewItem label={t('survey_daysAfter')} testId="daysAfter">{daysLabel(v.daysAfter)}</ViewItem>
          <ViewItem label={t('survey_resendUncompletedDaysAfter')} testId="resendUncompletedDaysAfter">{daysLabel(v.resendUncompletedDaysAfter)}</ViewItem>
          <ViewItem label={t('survey_sendAtHour')} testId="sendAtHour">{hourLabel(v.sendAtHour)}</ViewItem>
          <ViewItem label={t('survey_text')} testId="text" wide>{v.text}</ViewItem>
          <ViewItem label={t('survey_resendText')} testId="resendText" wide>{v.resendText}</ViewItem>
          <ViewItem label={t('survey_negativeResponseNotificationEmails')} testId="negativeResponseNotificationEmails" wide>
            {v.negativeResponseNotificationEmails.join(', ')}
          </ViewItem>
          <ViewItem label={t('survey_notifyRelatedUserAboutNegativeSurvey')} testId="notifyRelatedUserAboutNegativeSurvey" wide>
            {v.notifyRelatedUserAboutNegativeSurvey ? t('yes') : t('no')}
          </ViewItem>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2 }}>
          {daySelect('daysAfter')}
          {daySelect('resendUncompletedDaysAfter')}
          <TextField
            select
            size="small"
            label={t('survey_sendAtHour')}
            value={v.sendAtHour}
            onChange={(e) => set({ sendAtHour: Number(e.target.value) })}
            error={!!message('sendAtHour')}
            helperText={message('sendAtHour') ?? t('survey_sendAtHour_hint')}
          >
            {SEND_AT_HOURS.map((h) => (
              <MenuItem key={h} value={h}>
                {hourLabel(h)}
              </MenuItem>
            ))}
          </TextField>
          {(['text', 'resendText'] as const).map((field) => (
            <TextField
              key={field}
              size="small"
              multiline
              minRows={3}
              label={t(`survey_${field}`)}
              value={v[field]}
              onChange={(e) => set({ [field]: e.target.value })}
              error={!!message(field)}
              helperText={message(field) ?? t('survey_url_hint')}
              sx={{ gridColumn: { sm: '1 / -1' } }}
              slotProps={{ htmlInput: { 'data-testid': `survey-field-${field}` } }}
            />
          ))}
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <EmailChipsInput
              label={t('survey_negativeResponseNotificationEmails')}
              value={v.negativeResponseNotificationEmails}
              onChange={(emails) => set({ negativeResponseNotificationEmails: emails })}
              error={message('negativeResponseNotificationEmails')}
              helperText={t('survey_emails_hint')}
              testId="survey-field-negativeResponseNotificationEmails"
            />
          </Box>
          <FormControlLabel
            sx={{ gridColumn: { sm: '1 / -1' } }}
            control={
              <Switch
                checked={v.notifyRelatedUserAboutNegativeSurvey}
                onChange={(e) => set({ notifyRelatedUserAboutNegativeSurvey: e.target.checked })}
                slotProps={{ input: { 'data-testid': 'survey-field-notifyRelatedUserAboutNegativeSurvey' } as object }}
              />
            }
            label={t('survey_notifyRelatedUserAboutNegativeSurvey')}
          />
        </Box>
      )}
      <Divider sx={{ my: 3 }} />
      {/* Side by side to read; stacked to edit, where a question row needs the full width. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: form.editing ? '1fr' : '1fr 1fr' }, gap: 3 }}>
        <SurveyQuestionsEditor
          name="negativeResponseQuestions"
          title={t('survey_negativeResponseQuestions')}
          questions={v.negativeResponseQuestions}
          editing={form.editing}
          onChange={(questions) => set({ negativeResponseQuestions: questions })}
          errorOf={(path) => message(path)}
        />
        <SurveyQuestionsEditor
          name="positiveResponseQuestions"
          title={t('survey_positiveResponseQuestions')}
          questions={v.positiveResponseQuestions}
          editing={form.editing}
          onChange={(questions) => set({ positiveResponseQuestions: questions })}
          errorOf={(path) => message(path)}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('survey_review_links_hint')}
      </Typography>
    </SettingsSection>
  );
}

function ViewItem({ label, testId, wide, children }: { label: string; testId: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { sm: '1 / -1' } : undefined }} data-testid={`survey-view-${testId}`}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children || (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            —
          </Box>
        )}
      </Typography>
    </Box>
  );
}
