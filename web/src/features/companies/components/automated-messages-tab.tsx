import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TCompany } from '@cd/contracts/company';
import { automatedMessagesSubTabs, initialAutomatedMessagesSubTab, type TAutomatedMessagesSubTab } from '../lib/automated-messages-sub-tabs';
import { AutomotiveMessagesForm } from './automotive-messages-form';
import { RealEstateMessagesForm } from './real-estate-messages-form';
import { WelcomeMessageForm } from './welcome-message-form';

/** automated_messages: sub-tabs standard, automotive (automotive module) and real estate (real-estate module). A link
 * may open a sub-tab with its hash, e.g. #automotive from the configuration warnings. */
export function AutomatedMessagesTab({ company }: { company: TCompany }) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const tabs = automatedMessagesSubTabs(company.modules);
  const [picked, setPicked] = useState<TAutomatedMessagesSubTab>(() => initialAutomatedMessagesSubTab({ hash, tabs }));
  const [seenHash, setSeenHash] = useState(hash);
  if (hash !== seenHash) {
    // A link to another sub-tab while this tab is open (e.g. a configuration warning) switches to it.
    setSeenHash(hash);
    setPicked(initialAutomatedMessagesSubTab({ hash, tabs }));
  }
  const tab = tabs.includes(picked) ? picked : 'standard';
  return (
    <Box sx={{ maxWidth: 1000 }}>
      {tabs.length > 1 && (
        <Tabs value={tab} onChange={(_, next: TAutomatedMessagesSubTab) => setPicked(next)} sx={{ mb: 2, minHeight: 40 }} aria-label={t('settings_tab_automated_messages')}>
          {tabs.map((s) => (
            <Tab key={s} value={s} label={t(`automated_messages_${s}`)} sx={{ minHeight: 40 }} data-testid={`automated-messages-tab-${s}`} />
          ))}
        </Tabs>
      )}
      {tab === 'standard' && <WelcomeMessageForm company={company} />}
      {tab === 'automotive' && <AutomotiveMessagesForm company={company} />}
      {tab === 'real_estate' && <RealEstateMessagesForm company={company} />}
    </Box>
  );
}
