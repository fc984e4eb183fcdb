import { useTranslation } from 'react-i18next';
import type { TCompany } from '@cd/contracts/company';
import { NotAvailablePage } from '../../../components/ui/not-available-page';
import type { TSettingsTab } from '../lib/settings-tabs';
import { GeneralDataTab } from './general-data-tab';
import { UsersTab } from './users-tab';

/** The body of one settings tab; a tab not built yet says so plainly instead of showing a fake form. */
export function SettingsTabPanel({ tab, company }: { tab: TSettingsTab; company: TCompany }) {
  const { t } = useTranslation();
  switch (tab) {
    case 'general_data':
      return <GeneralDataTab key={company.id} company={company} />;

    case 'automated_messages':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'alerts':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'csi':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'users':
      return <UsersTab key={company.id} company={company} />;

    case 'predefined_messages':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'customer_view':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'modules':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'ocs':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'dms':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'payment':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;

    case 'appointments':
      return <NotAvailablePage screen={t(`settings_tab_${tab}`)} />;
  }
}
