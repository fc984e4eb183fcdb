import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../components/ui/page-spinner';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';

/** /reload-page: go to the location stored under `reload-page` (or /), so a screen can be remounted from scratch. */
export function ReloadPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const target = readStorage(STORAGE_KEYS.reloadPage);
    writeStorage(STORAGE_KEYS.reloadPage, null);
    void navigate(target && target.startsWith('/') && !target.startsWith('//') ? target : '/', { replace: true });
  }, [navigate]);
  return <PageSpinner />;
}
