import { Center, Divider, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { useSession } from '../../features/auth/useSession';
import { type TransparencyCount, type TransparencyMonth, useTransparency } from '../../features/transparency/api';
import { useFormat } from '../../i18n/useFormat';
import { productName } from '../../product';

/** "Accounts suspended, for harassment or bullying: 2" — the action, its reason when it names one, the count. */
function CountLine({ count }: { count: TransparencyCount }) {
  const { t } = useTranslation('site');
  const format = useFormat();
  const action = t(`transparency.actions.${count.action}`);
  const label = count.reason ? t('transparency.withReason', { action, reason: t(`transparency.reasons.${count.reason}`) }) : action;
  return <List.Item>{t('transparency.count', { label, count: format.number(count.count) })}</List.Item>;
}

function Month({ month }: { month: TransparencyMonth }) {
  const { t } = useTranslation('site');
  const format = useFormat();
  // The 15th at noon UTC names the month in every time zone.
  const name = format.date(`${month.month}-15T12:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <Stack gap={6} component="section" aria-label={name}>
      <Title order={2} fz={18}>
        {name}
      </Title>
      <Text size="sm">{t('transparency.reports', { count: month.reports })}</Text>
      {month.actions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('transparency.noActions')}
        </Text>
      ) : (
        <List size="sm" spacing={2} aria-label={t('transparency.actionsLabel', { month: name })}>
          {month.actions.map((count) => (
            <CountLine key={`${count.action}-${count.reason ?? ''}`} count={count} />
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * /transparency (issue 34): the public transparency report, for members and visitors alike —
 * per month, reports in and moderation actions by kind and reason, from GET /api/transparency.
 */
export function TransparencyPage() {
  const { t } = useTranslation('site');
  const { user } = useSession();
  const { report, error } = useTransparency();
  useEffect(() => {
    document.title = `${t('transparency.title')} · ${productName}`;
  }, [t]);
  return (
    <MemberPageShell title={t('transparency.title')} subtitle={t('transparency.subtitle')} back={user ? '/general' : '/'} width={720}>
      <MemberPanel label={t('transparency.panel')}>
        {error ? (
          <Text size="sm" role="alert">
            {t('transparency.failed')}
          </Text>
        ) : !report ? (
          <Center py="lg">
            <Loader color="violet" aria-label={t('transparency.loading')} />
          </Center>
        ) : (
          <Stack gap="lg">
            {report.months.map((month, index) => (
              <Stack key={month.month} gap="lg">
                {index > 0 ? <Divider /> : null}
                <Month month={month} />
              </Stack>
            ))}
            <Text size="xs" c="dimmed">
              {t('transparency.about')}
            </Text>
          </Stack>
        )}
      </MemberPanel>
    </MemberPageShell>
  );
}
