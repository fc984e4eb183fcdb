import Box from '@mui/material/Box';
import type { TCompany } from '@cd/contracts/company';
import type { TSettingsTab } from '../lib/settings-tabs';
import { AlertsForm } from './alerts-form';
import { AppointmentsSettingsForm } from './appointments-settings-form';
import { AutomatedMessagesTab } from './automated-messages-tab';
import { CustomerViewTab } from './customer-view-tab';
import { DmsTab } from './dms-tab';
import { GeneralDataTab } from './general-data-tab';
import { MessageTemplatesTab } from './message-templates-tab';
import { ModulesTab } from './modules-tab';
import { OcsTab } from './ocs-tab';
import { PaymentTab } from './payment-tab';
import { SurveySettingsForm } from './survey-settings-form';
import { UsersTab } from './users-tab';

/** The body of one settings tab. */
export function SettingsTabPanel({ tab, company }: { tab: TSettingsTab; company: TCompany }) {
  switch (tab) {
    case 'general_data':
      return <GeneralDataTab key={company.id} company={company} />;

    case 'automated_messages':
      return <AutomatedMessagesTab key={company.id} company={company} />;

    case 'alerts':
      return <AlertsForm key={company.id} company={company} />;

    case 'csi':
      return (
        <Box sx={{ maxWidth: 1000 }}>
          <SurveySettingsForm key={company.id} company={company} />
        </Box>
      );

    case 'users':
      return <UsersTab key={company.id} company={company} />;

    case 'predefined_messages':
      return <MessageTemplatesTab key={company.id} company={company} />;

    case 'customer_view':
      return <CustomerViewTab key={company.id} company={company} />;

    case 'modules':
      return <ModulesTab company={company} />;

    case 'ocs':
      return <OcsTab key={company.id} company={company} />;

    case 'dms':
      return <DmsTab key={company.id} company={company} />;

    case 'payment':
      return <PaymentTab key={company.id} company={company} />;

    case 'appointments':
      return <AppointmentsSettingsForm key={company.id} company={company} />;
  }
}
