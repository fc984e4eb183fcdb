import { useState } from 'react';
import Block from '@mui/icons-material/BlockOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TCompany } from '@cd/contracts/company';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteCompany } from '../api/delete-company';
import { useUpdateCompanyState } from '../api/update-company-state';

/** The settings header's menu (super admins; the server allows these to them only): enable/disable and delete. */
export function CompanyHeaderMenu({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const toggle = useUpdateCompanyState();
  const remove = useDeleteCompany();

  const onToggle = () => {
    setAnchor(null);
    toggle.mutate({ id: company.id, body: { enabled: !company.enabled } }, { onSuccess: () => toastSuccess(t('success')) });
  };
  const onDelete = () =>
    remove.mutate(company.id, {
      onSuccess: () => {
        toastSuccess(t('success'));
        setConfirming(false);
        void navigate('/companies', { replace: true });
      },
    });

  return (
    <>
      <IconButton
        aria-label={t('actions')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={toggle.isPending}
        data-testid="company-header-menu"
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={onToggle} data-testid="company-header-toggle-enabled">
          <ListItemIcon>{company.enabled ? <Block fontSize="small" /> : <CheckCircle fontSize="small" />}</ListItemIcon>
          <ListItemText>{company.enabled ? t('disable') : t('enable')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
          sx={{ color: 'error.main' }}
          data-testid="company-header-delete"
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('delete_company')}</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={t('delete_company')}
        text={t('are_you_sure_you_want_to_delete_selected_company')}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
