import { useEffect, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isSuperAdmin } from '@cd/contracts/roles';
import { ZImpersonationFormSchema, type TImpersonationForm, type TImpersonationFormInput } from '@cd/contracts/user';
import { useCompanies } from '../../../api/get-companies';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useCurrentUser } from '../../../lib/current-user';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage-keys';
import { toastError } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useValueChanged } from '../../../lib/use-value-changed';
import { useImpersonableUsers } from '../api/get-impersonable-users';
import { impersonationOptions, impersonationTarget, type TImpersonationOption } from '../lib/impersonation';

/** Users are found by name or email. */
const filterUsers = createFilterOptions<TImpersonationOption>({ stringify: (o) => `${o.name} ${o.email}` });

interface TProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec part 1 §2, §4–§6: pick a user to act as (super admins pick a company first); the real user comes last to
 * switch back. Its lookups go out as the real user. Picking stores the email, drops every cached answer and
 * starts over at `/` as the new effective user.
 */
export function ImpersonateDialog({ open, onClose }: TProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const real = me.impersonator ?? me;
  const superAdmin = isSuperAdmin(real.roles);
  const [companySearch, setCompanySearch] = useState('');
  const [switching, setSwitching] = useState(false);
  const search = useDebouncedValue(companySearch);
  const { control, handleSubmit, reset, setValue } = useForm<TImpersonationFormInput, unknown, TImpersonationForm>({
    resolver: zodResolver(ZImpersonationFormSchema),
    defaultValues: { company: null, userId: null },
  });
  const [company, userId] = useWatch({ control, name: ['company', 'userId'] });

  // Opening the dialog clears the company search box, while rendering; the form (react-hook-form's store) is reset below.
  if (useValueChanged(open) && open) setCompanySearch('');
  useEffect(() => {
    if (!open) return;
    // While impersonating, a super admin starts in the company of the user they act as.
    reset({
      company: superAdmin && me.impersonator && me.companyData ? { id: me.companyData.id, name: me.companyData.name } : null,
      userId: null,
    });
  }, [open, superAdmin, me.impersonator, me.companyData, reset]);

  // The first 30 matches, asked as the real user (a super admin impersonating someone still picks any company).
  const companies = useCompanies({ params: { page: 1, itemsPerPage: 30, name: search }, asRealUser: true, enabled: open && superAdmin });
  const companyChoices = useMemo(() => (companies.data?.member ?? []).map((c) => ({ id: c.id, name: c.name })), [companies.data]);
  const users = useImpersonableUsers({ companyId: superAdmin ? (company?.id ?? null) : null, enabled: open && (!superAdmin || company !== null) });

  useEffect(() => {
    if (users.isError) toastError(t('error_fetching_impersonate_users'));
  }, [users.isError, users.errorUpdatedAt, t]);

  const options = useMemo(
    () => impersonationOptions({ users: users.data ?? [], realUser: real, impersonatedEmail: me.impersonator ? me.email : null }),
    [users.data, real, me.impersonator, me.email],
  );

  const suffix = (o: TImpersonationOption) =>
    o.kind === 'admin' ? t('impersonate_company_admin') : o.kind === 'user' ? t('impersonate_user') : t('impersonate_back_to_yourself');

  const close = () => {
    if (!switching) onClose();
  };

  const choice = options.find((o) => o.id === userId) ?? null;

  const confirm = handleSubmit((v) => {
    const picked = options.find((o) => o.id === v.userId);
    if (!picked || picked.current || switching) return;
    setSwitching(true);
    writeStorage(STORAGE_KEYS.impersonate, impersonationTarget(picked));
    // Every cached answer belongs to the previous effective user; a fresh start also reconnects live updates.
    queryClient.clear();
    window.location.assign('/');
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={confirm}
      title={t('impersonate')}
      name="impersonate"
      submitLabel={t('confirm')}
      submitTestId="impersonate-confirm"
      busy={switching}
      submitDisabled={!choice || choice.current || switching}
    >
      <DialogContentText variant="body2">{t('impersonate_hint')}</DialogContentText>
      {superAdmin && (
        <Controller
          control={control}
          name="company"
          render={({ field }) => (
            <Autocomplete
              options={companyChoices}
              value={field.value}
              loading={companies.isFetching}
              onInputChange={(_e, v, reason) => {
                if (reason === 'input' || reason === 'clear') setCompanySearch(v);
              }}
              onChange={(_e, c) => {
                field.onChange(c);
                setValue('userId', null);
              }}
              getOptionLabel={(c) => c.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={t('no_companies_match')}
              renderOption={({ key, ...props }, c) => (
                <li key={key} {...props} data-testid={`impersonate-company-${c.id}`}>
                  {c.name}
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  autoFocus
                  label={t('impersonate_select_company')}
                  slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'impersonate-company' } }}
                />
              )}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="userId"
        render={({ field }) => (
          <Autocomplete
            options={options}
            value={choice}
            loading={users.isFetching}
            disabled={superAdmin && company === null && options.length === 0}
            filterOptions={filterUsers}
            onChange={(_e, o) => field.onChange(o ? o.id : null)}
            getOptionLabel={(o) => `${o.name}${suffix(o)}`}
            getOptionDisabled={(o) => o.current}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={users.isError ? t('error_fetching_impersonate_users') : t('no_users_to_impersonate')}
            renderOption={({ key, ...props }, o) => (
              <li key={key} {...props} data-testid={`impersonate-option-${o.id}`} data-kind={o.kind}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, width: '100%' }}>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography noWrap>
                      {o.name}
                      <Typography component="span" color="text.secondary">
                        {suffix(o)}
                      </Typography>
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {o.email}
                    </Typography>
                  </Box>
                  {o.current && <Chip size="small" label={t('impersonate_current')} />}
                </Box>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                autoFocus={!superAdmin}
                label={t('impersonate_select_user')}
                helperText={superAdmin && company === null ? t('impersonate_pick_company_first') : undefined}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'impersonate-user' } }}
              />
            )}
          />
        )}
      />
    </FormDialog>
  );
}
