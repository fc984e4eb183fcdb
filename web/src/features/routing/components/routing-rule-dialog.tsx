import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { CHANNELS } from '@cd/contracts/customer';
import { ROLES } from '@cd/contracts/roles';
import { ROUTING_STRATEGIES, ZRoutingRuleCreateSchema, type TRoutingRule, type TRoutingRuleCreate } from '@cd/contracts/routing';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';

interface TDraft {
  name: string;
  enabled: boolean;
  channels: string[];
  keywords: string;
  strategy: TRoutingRuleCreate['strategy'];
  role: string;
  department: string;
  userId: string;
}

function draftOf(rule: TRoutingRule | null): TDraft {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    channels: rule?.channels ?? [],
    keywords: (rule?.keywords ?? []).join(', '),
    strategy: rule?.strategy ?? 'round_robin',
    role: rule?.role ?? 'ROLE_USER',
    department: rule?.department ?? '',
    userId: rule?.userId ? String(rule.userId) : '',
  };
}

/** Add or edit one assignment rule; the body is checked with the contracts schema before it is sent. */
export function RoutingRuleDialog(props: {
  rule: TRoutingRule | null;
  users: { id: number; name: string }[];
  busy: boolean;
  onClose: () => void;
  onSave: (body: TRoutingRuleCreate) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(props.rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof TDraft>(key: K, value: TDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZRoutingRuleCreateSchema.safeParse({
      name: draft.name,
      enabled: draft.enabled,
      channels: draft.channels,
      keywords: draft.keywords
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
      strategy: draft.strategy,
      role: draft.role,
      department: draft.department.trim() || null,
      userId: draft.strategy === 'fixed_user' && draft.userId ? Number(draft.userId) : null,
    });
    const next: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'name')] ??= issue.message;
    if (draft.strategy === 'fixed_user' && !draft.userId) next.userId = t('routing_user_required');
    setErrors(next);
    if (parsed.success && !Object.keys(next).length) props.onSave(parsed.data);
  };

  return (
    <FormDialog
      open
      onClose={props.onClose}
      onSubmit={submit}
      title={props.rule ? t('routing_edit_rule') : t('routing_add_rule')}
      name="routing-rule"
      submitLabel={t('save')}
      submitTestId="routing-rule-save"
      busy={props.busy}
    >
      <TextField
        label={t('routing_rule_name')}
        value={draft.name}
        onChange={(e) => set('name', e.target.value)}
        error={!!errors.name}
        helperText={errors.name}
        required
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'routing-rule-name' } }}
      />
      <TextField
        select
        label={t('routing_channels')}
        value={draft.channels}
        onChange={(e) => set('channels', typeof e.target.value === 'string' ? e.target.value.split(',') : (e.target.value as string[]))}
        slotProps={{ select: { multiple: true } }}
        helperText={t('routing_channels_help')}
      >
        {CHANNELS.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('routing_keywords')}
        value={draft.keywords}
        onChange={(e) => set('keywords', e.target.value)}
        error={!!errors.keywords}
        helperText={errors.keywords ?? t('routing_keywords_help')}
      />
      <TextField
        select
        label={t('routing_strategy')}
        value={draft.strategy}
        onChange={(e) => set('strategy', e.target.value as TDraft['strategy'])}
        slotProps={{ htmlInput: { 'data-testid': 'routing-rule-strategy' } }}
      >
        {ROUTING_STRATEGIES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`routing_strategy_${s}`)}
          </MenuItem>
        ))}
      </TextField>
      {draft.strategy === 'fixed_user' ? (
        <TextField
          select
          label={t('routing_user')}
          value={draft.userId}
          onChange={(e) => set('userId', e.target.value)}
          error={!!errors.userId}
          helperText={errors.userId}
        >
          {props.users.map((u) => (
            <MenuItem key={u.id} value={String(u.id)}>
              {u.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <>
          <TextField select label={t('routing_role')} value={draft.role} onChange={(e) => set('role', e.target.value)}>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(r.toLowerCase(), { defaultValue: r })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('routing_department')}
            value={draft.department}
            onChange={(e) => set('department', e.target.value)}
            error={!!errors.department}
            helperText={errors.department}
            slotProps={{ htmlInput: { 'data-testid': 'routing-rule-department' } }}
          />
        </>
      )}
      <FormControlLabel control={<Switch checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />} label={t('routing_enabled')} />
    </FormDialog>
  );
}
