import { Tabs } from '@mantine/core';
import { IconBrain, IconChartBar, IconCreditCard, IconFlag, IconMapPin, IconSettings, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { productName } from '../../product';
import classes from './Admin.module.css';
import { AdminShell } from './AdminShell';
import { AiSystemTab } from './AiSystemTab';
import { ModerationTab } from './ModerationTab';
import { NfcLocationsTab } from './NfcLocationsTab';
import { OverviewTab } from './OverviewTab';
import { PaymentsTab } from './PaymentsTab';
import { RequireAdmin } from './RequireAdmin';
import { SettingsTab } from './SettingsTab';
import { UsersTab } from './UsersTab';

const tabs = [
  { value: 'overview', label: 'tabs.overview', icon: <IconChartBar size={16} />, panel: () => <OverviewTab /> },
  { value: 'nfc', label: 'tabs.nfc', icon: <IconMapPin size={16} />, panel: () => <NfcLocationsTab /> },
  { value: 'users', label: 'tabs.users', icon: <IconUsers size={16} />, panel: () => <UsersTab /> },
  { value: 'ai', label: 'tabs.ai', icon: <IconBrain size={16} />, panel: () => <AiSystemTab /> },
  { value: 'payments', label: 'tabs.payments', icon: <IconCreditCard size={16} />, panel: () => <PaymentsTab /> },
  { value: 'settings', label: 'tabs.settings', icon: <IconSettings size={16} />, panel: () => <SettingsTab /> },
  { value: 'moderation', label: 'tabs.moderation', icon: <IconFlag size={16} />, panel: () => <ModerationTab /> },
] as const satisfies { value: string; label: string; icon: ReactNode; panel: () => ReactNode }[];

function AdminDashboard() {
  const { t: tr } = useTranslation('admin');
  // The open tab lives in the address (?tab=users), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = tabs.find((t) => t.value === requested)?.value ?? 'overview';

  return (
    <AdminShell title={tr('dashboard.title')} subtitle={tr('dashboard.subtitle', { product: productName })} back={{ to: '/search', label: tr('dashboard.back') }}>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'overview' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List className={classes.tabList} mb="lg">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
              {tr(t.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            {t.panel()}
          </Tabs.Panel>
        ))}
      </Tabs>
    </AdminShell>
  );
}

/** /admin (spec part 3, Admin dashboard): the administrator only. */
export function AdminPage() {
  return <RequireAdmin>{() => <AdminDashboard />}</RequireAdmin>;
}
