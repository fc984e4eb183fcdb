import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

interface TProps {
  /** What the row is called, for screen readers ("Edit: Oil change"). */
  name?: string;
  onEdit: () => void;
  onDelete: () => void;
  testIds: { edit: string; delete: string };
  disabled?: boolean;
}

/** The edit and delete icon buttons at the end of a table row. */
export function RowEditDeleteButtons({ name, onEdit, onDelete, testIds, disabled }: TProps) {
  const { t } = useTranslation();
  const label = (action: string) => (name ? `${t(action)}: ${name}` : t(action));
  return (
    <>
      <Tooltip title={t('edit')}>
        <span>
          <IconButton type="button" size="small" aria-label={label('edit')} onClick={onEdit} disabled={disabled} data-testid={testIds.edit}>
            <Edit fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('delete')}>
        <span>
          <IconButton type="button" size="small" color="error" aria-label={label('delete')} onClick={onDelete} disabled={disabled} data-testid={testIds.delete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
