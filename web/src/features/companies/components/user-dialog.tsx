import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import type { TUser } from '@cd/contracts/user';
import { useUpdateUser } from '../../../api/update-user';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useCreateUser } from '../api/create-user';
import { companyUsersKey } from '../api/get-users';
import { useSetUserRoles } from '../api/set-user-roles';
import {
  DEPARTMENT_MAX,
  DMS_ID_MAX,
  NAME_MAX,
  parseUserForm,
  roleLabelKey,
  roleOptions,
  rolesToSend,
  toUserFormValues,
  userEdit,
  userFieldOf,
  userMessageKey,
  type TUserErrors,
  type TUserField,
  type TUserFormValues,
  type TUserKind,
} from '../lib/user-form';

interface TProps {
  company: TCompany;
  /** null adds a user. */
  user: TUser | null;
  onClose: () => void;
}

const twoColumns = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

/**
 * Add or edit a user (spec part 2 §3, §5): names, email, phone, roles from the company's available roles,
 * mechanic/advisor (one choice) and the dealer-system ids for automotive companies, department; a password pair on
 * create. An edit sends the changed fields (PATCH) and, when they changed, the roles (PUT roles). Mount only while
 * open so each opening starts from the saved user.
 */
export function UserDialog({ company, user, onClose }: TProps) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const queryClient = useQueryClient();
  const update = useUpdateUser({ onSuccess: () => queryClient.invalidateQueries({ queryKey: companyUsersKey(company.id) }) });
  const setRoles = useSetUserRoles();
  const [values, setValues] = useState<TUserFormValues>(() => toUserFormValues(user));
  const [errors, setErrors] = useState<TUserErrors>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending || setRoles.isPending;
  const creating = user === null;
  const automotive = !!company.modules.automotive;
  const choices = roleOptions(company.availableUserRoles, user?.roles);

  const close = () => {
    if (!busy) onClose();
  };

  const showServerError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 422) return;
    const next: TUserErrors = {};
    const unplaced: string[] = [];
    for (const v of error.violations) {
      const field = userFieldOf(v.propertyPath);
      if (field) next[field] ??= userMessageKey(v.message);
      else unplaced.push(t(userMessageKey(v.message), { defaultValue: v.message }));
    }
    setErrors(next);
    if (unplaced.length || error.violations.length === 0) setGeneralError(unplaced.join(' ') || error.message);
  };

  const done = () => {
    toastSuccess(t('success'));
    onClose();
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setGeneralError(null);
    const { errors: found, fields } = parseUserForm({ values, creating, roleChoices: choices });
    setErrors(found);
    if (!fields) {
      if (found.confirmPassword === 'passwords_do_not_match') toast.warning(t('passwords_do_not_match'));
      return;
    }
    try {
      if (creating) {
        await create.mutateAsync({
          companyId: company.id,
          fields,
          roles: rolesToSend(values.roles),
          password: values.password,
          confirmPassword: values.confirmPassword,
        });
        done();
        return;
      }
      const edit = userEdit(user, fields, values.roles);
      if (Object.keys(edit.patch).length === 0 && !edit.roles) {
        toast.warning(t('no_changes'));
        return;
      }
      if (Object.keys(edit.patch).length > 0) await update.mutateAsync({ id: user.id, patch: edit.patch, silent: [422] });
      if (edit.roles) await setRoles.mutateAsync({ companyId: company.id, id: user.id, roles: edit.roles });
      done();
    } catch (error) {
      showServerError(error);
    }
  };

  const set = <K extends TUserField>(name: K, value: TUserFormValues[K]) => setValues((v) => ({ ...v, [name]: value }));
  const message = (name: TUserField) => (errors[name] ? t(errors[name], { defaultValue: errors[name] }) : undefined);
  const text = (name: Exclude<TUserField, 'roles' | 'kind'>, max: number) => ({
    id: `user-${name}`,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    error: !!errors[name],
    helperText: message(name),
    slotProps: { htmlInput: { maxLength: max, 'data-testid': `user-field-${name}` } },
  });

  return (
    <FormDialog
      open
      onClose={close}
      onSubmit={(e) => void submit(e)}
      title={creating ? t('user_add') : t('user_edit')}
      name="user"
      submitLabel={t('save')}
      submitTestId="user-submit"
      busy={busy}
      maxWidth="md"
    >
      {generalError && (
        <Alert severity="error" data-testid="user-error">
          {generalError}
        </Alert>
      )}
      <Box sx={twoColumns}>
        <TextField {...text('firstName', NAME_MAX)} label={t('first_name')} required autoFocus autoComplete="off" />
        <TextField {...text('lastName', NAME_MAX)} label={t('last_name')} autoComplete="off" />
        <TextField {...text('email', 254)} label={t('email')} required type="email" autoComplete="off" />
        <TextField {...text('phone', 40)} label={t('phone')} type="tel" autoComplete="off" helperText={message('phone') ?? t('phone_hint')} />
      </Box>

      <FormControl component="fieldset" error={!!errors.roles} data-testid="user-roles">
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          {t('user_roles')}
        </FormLabel>
        {choices.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('user_no_roles_available')}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' }, columnGap: 2 }}>
            {choices.map((role) => (
              <FormControlLabel
                key={role}
                label={t(roleLabelKey(role), { defaultValue: role })}
                control={
                  <Checkbox
                    size="small"
                    checked={values.roles.includes(role)}
                    onChange={(e) => set('roles', e.target.checked ? [...values.roles, role] : values.roles.filter((r) => r !== role))}
                    slotProps={{ input: { 'data-testid': `user-role-${role}` } as object }}
                  />
                }
              />
            ))}
          </Box>
        )}
        {errors.roles && <FormHelperText>{message('roles')}</FormHelperText>}
      </FormControl>

      <Box sx={twoColumns}>
        <TextField {...text('department', DEPARTMENT_MAX)} label={t('user_department')} />
        {automotive && (
          <FormControl error={!!errors.kind}>
            <FormLabel id="user-kind-label" sx={{ fontSize: '0.8rem' }}>
              {t('user_kind')}
            </FormLabel>
            <RadioGroup row aria-labelledby="user-kind-label" value={values.kind} onChange={(e) => set('kind', e.target.value as TUserKind)}>
              {(['none', 'mechanic', 'advisor'] as const).map((k) => (
                <FormControlLabel
                  key={k}
                  value={k}
                  control={<Radio size="small" slotProps={{ input: { 'data-testid': `user-kind-${k}` } as object }} />}
                  label={t(`user_kind_${k}`)}
                />
              ))}
            </RadioGroup>
            {errors.kind && <FormHelperText>{message('kind')}</FormHelperText>}
          </FormControl>
        )}
      </Box>

      {automotive && (
        <Box sx={twoColumns}>
          <TextField {...text('dtPersonId', DMS_ID_MAX)} label={t('user_dms_dt_person_id')} />
          <TextField {...text('cdkServiceAdvisorId', DMS_ID_MAX)} label={t('user_dms_cdk_service_advisor_id')} />
        </Box>
      )}

      {creating && (
        <Box sx={twoColumns}>
          <TextField
            {...text('password', 1024)}
            label={t('password')}
            required
            type="password"
            autoComplete="new-password"
            helperText={message('password') ?? t('profile_password_rules')}
          />
          <TextField {...text('confirmPassword', 1024)} label={t('confirm_password')} required type="password" autoComplete="new-password" />
        </Box>
      )}
    </FormDialog>
  );
}
