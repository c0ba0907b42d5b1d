import { Stack, Text } from '@mantine/core';

import { useOverview } from '../../features/admin/api';
import { count, money } from '../../features/admin/format';
import { AdminPanel } from './AdminShell';
import { AuditLogSection } from './AuditLogSection';
import { LoadState } from './LoadState';
import { MailDeliveryPanel } from './MailDeliveryPanel';
import { Stats } from './Stats';
import { WeeklyIntroductionsPanel } from './WeeklyIntroductionsPanel';

/** Overview (spec part 3): the community's size, its derived figures, revenue, and recent admin actions. */
export function OverviewTab() {
  const { overview, error, isLoading, mutate } = useOverview();

  return (
    <Stack gap="lg">
      {overview ? (
        <>
          <AdminPanel title="Community">
            <Stats
              items={[
                { name: 'Users', value: count(overview.counts.users) },
                { name: 'Profiles', value: count(overview.counts.profiles) },
                { name: 'VIP profiles', value: count(overview.counts.vipProfiles) },
                { name: 'VIP conversion', value: `${String(overview.vipConversionPercent)}%` },
                { name: 'Chat sessions', value: count(overview.counts.chatSessions) },
                { name: 'Searches', value: count(overview.counts.userSearches) },
                { name: 'Searches per user', value: overview.averageSearchesPerUser.toFixed(1) },
                { name: 'Payments', value: count(overview.counts.payments) },
              ]}
            />
          </AdminPanel>
          <AdminPanel title="Revenue">
            <Text size="sm" c="dimmed">
              Completed payments only, in {overview.revenue.currency}.
            </Text>
            <Stats
              items={[
                { name: 'Total', value: money(overview.revenue.totalCents, overview.revenue.currency) },
                { name: 'Donations', value: money(overview.revenue.donationCents, overview.revenue.currency) },
                { name: 'Subscriptions', value: money(overview.revenue.subscriptionCents, overview.revenue.currency) },
                { name: 'Monthly plans', value: money(overview.revenue.monthlyCents, overview.revenue.currency) },
                { name: 'Yearly plans', value: money(overview.revenue.yearlyCents, overview.revenue.currency) },
              ]}
            />
          </AdminPanel>
        </>
      ) : (
        <AdminPanel title="Community">
          <LoadState what="figures" isLoading={isLoading} error={error} onRetry={() => void mutate()} />
        </AdminPanel>
      )}
      <WeeklyIntroductionsPanel />
      <MailDeliveryPanel />
      <AuditLogSection />
    </Stack>
  );
}
