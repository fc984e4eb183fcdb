import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZCustomerCreateSchema, type TCustomer } from '@cd/contracts/customer';
import { ApiError } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { toastSuccess } from '../../../lib/toast';
import { useCreateCustomer } from '../api/create-customer';
import { fieldMessageKey } from '../lib/field-messages';

const ZNewCustomerSchema = z.object({
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  phone: ZCustomerCreateSchema.shape.phone,
  email: z.union([z.email().trim().max(254), z.literal('')]),
});
type TNewCustomerIn = z.input<typeof ZNewCustomerSchema>;
type TNewCustomerOut = z.output<typeof ZNewCustomerSchema>;
const FIELDS = ['firstName', 'lastName', 'phone', 'email'] as const;

interface TProps {
  open: boolean;
  onClose: () => void;
  onCreated: (c: TCustomer) => void;
}

export function NewCustomerDialog({ open, onClose, onCreated }: TProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const create = useCreateCustomer();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TNewCustomerIn, unknown, TNewCustomerOut>({
    resolver: zodResolver(ZNewCustomerSchema),
    defaultValues: { firstName: '', lastName: '', phone: '', email: '' },
  });

  const msg = (field: string, m: string | undefined, code?: string) => (m ? t(fieldMessageKey(field, m, code), { defaultValue: m }) : undefined);

  const close = () => {
    if (create.isPending) return;
    reset();
    setGeneralError(null);
    create.reset();
    onClose();
  };

  const onSubmit = handleSubmit((v) => {
    setGeneralError(null);
    create.mutate(
      { firstName: v.firstName, lastName: v.lastName, phone: v.phone, ...(v.email ? { email: v.email } : {}) },
      {
        onSuccess: (customer) => {
          toastSuccess(t('customer_created'));
          reset();
          onClose();
          onCreated(customer);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.status !== 422) return;
          const unplaced: string[] = [];
          for (const v of error.violations)
            if ((FIELDS as readonly string[]).includes(v.propertyPath)) setError(v.propertyPath as (typeof FIELDS)[number], { message: v.message, type: v.code });
            else unplaced.push(v.message);
          if (unplaced.length || error.violations.length === 0) setGeneralError(unplaced.join(' ') || error.message);
        },
      },
    );
  });

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" fullScreen={mobile} aria-labelledby="new-customer-title" data-testid="new-customer-dialog">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="new-customer-title">{t('new_customer')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {generalError && <Alert severity="error">{t(generalError, { defaultValue: generalError })}</Alert>}
          <TextField
            {...register('firstName')}
            label={t('first_name')}
            autoFocus
            error={!!errors.firstName}
            helperText={msg('firstName', errors.firstName?.message)}
            slotProps={{ htmlInput: { 'data-testid': 'new-customer-first-name' } }}
          />
          <TextField
            {...register('lastName')}
            label={t('last_name')}
            error={!!errors.lastName}
            helperText={msg('lastName', errors.lastName?.message)}
            slotProps={{ htmlInput: { 'data-testid': 'new-customer-last-name' } }}
          />
          <TextField
            {...register('phone')}
            label={t('phone')}
            required
            type="tel"
            placeholder="+15551234567"
            error={!!errors.phone}
            helperText={msg('phone', errors.phone?.message, errors.phone?.type) ?? t('phone_hint')}
            slotProps={{ htmlInput: { 'data-testid': 'new-customer-phone', autoComplete: 'off' } }}
          />
          <TextField
            {...register('email')}
            label={t('email')}
            type="email"
            error={!!errors.email}
            helperText={msg('email', errors.email?.message)}
            slotProps={{ htmlInput: { 'data-testid': 'new-customer-email' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={close} disabled={create.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending} data-testid="new-customer-submit">
            {create.isPending ? t('saving') : t('create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
