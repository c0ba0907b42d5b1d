import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useOverview } from '../../features/admin/api';
import { useAdminFormat } from '../../features/admin/format';
import { AdminPanel } from './AdminShell';
import { AuditLogSection } from './AuditLogSection';
import { LoadState } from './LoadState';
import { MailDeliveryPanel } from './MailDeliveryPanel';
import { Stats } from './Stats';
import { WeeklyIntroductionsPanel } from './WeeklyIntroductionsPanel';

/** Overview (spec part 3): the community's size, its derived figures, revenue, and recent admin actions. */
export function OverviewTab() {
  const { t } = useTranslation('admin');
  const { count, money, percent, decimal } = useAdminFormat();
  const { overview, error, isLoading, mutate } = useOverview();

  return (
    <Stack gap="lg">
      {overview ? (
        <>
          <AdminPanel title={t('overview.community')}>
            <Stats
              items={[
                { name: t('overview.users'), value: count(overview.counts.users) },
                { name: t('overview.profiles'), value: count(overview.counts.profiles) },
                { name: t('overview.vipProfiles'), value: count(overview.counts.vipProfiles) },
                { name: t('overview.vipConversion'), value: percent(overview.vipConversionPercent) },
                { name: t('overview.chatSessions'), value: count(overview.counts.chatSessions) },
                { name: t('overview.searches'), value: count(overview.counts.userSearches) },
                { name: t('overview.searchesPerUser'), value: decimal(overview.averageSearchesPerUser) },
                { name: t('overview.payments'), value: count(overview.counts.payments) },
              ]}
            />
          </AdminPanel>
          <AdminPanel title={t('overview.revenue')}>
            <Text size="sm" c="dimmed">
              {t('overview.revenueNote', { currency: overview.revenue.currency })}
            </Text>
            <Stats
              items={[
                { name: t('overview.total'), value: money(overview.revenue.totalCents, overview.revenue.currency) },
                { name: t('overview.donations'), value: money(overview.revenue.donationCents, overview.revenue.currency) },
                { name: t('overview.subscriptions'), value: money(overview.revenue.subscriptionCents, overview.revenue.currency) },
                { name: t('overview.monthly'), value: money(overview.revenue.monthlyCents, overview.revenue.currency) },
                { name: t('overview.yearly'), value: money(overview.revenue.yearlyCents, overview.revenue.currency) },
              ]}
            />
          </AdminPanel>
        </>
      ) : (
        <AdminPanel title={t('overview.community')}>
          <LoadState what="figures" isLoading={isLoading} error={error} onRetry={() => void mutate()} />
        </AdminPanel>
      )}
      <WeeklyIntroductionsPanel />
      <MailDeliveryPanel />
      <AuditLogSection />
    </Stack>
  );
}
