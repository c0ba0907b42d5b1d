import { Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconHash, IconQrcode } from '@tabler/icons-react';
import { useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import useSWR from 'swr';

import { errorMessage, notify } from '../../features/auth/notify';
import { presenceKey, setTouchpointPresence, type TouchpointPresence } from '../../features/touchpoints/api';

/** "from an hour later, for 30 days"; "for 30 days" with no delay. */
function listedFor(t: TFunction<'general'>, minutes: number, days: number): string {
  const span = t('meeting.span', { days });
  if (minutes === 0) return span;
  const delay = minutes % 60 !== 0 ? t('meeting.minutes', { count: minutes }) : minutes === 60 ? t('meeting.hour') : t('meeting.hours', { count: minutes / 60 });
  return t('meeting.delayed', { delay, span });
}

/** General: "show me at places I tap", and the ways to connect with someone in person. */
export function MeetingInPersonSection({ userCode }: { userCode: string | null }) {
  const { t } = useTranslation('general');
  const { data, mutate } = useSWR<TouchpointPresence, Error>(presenceKey);
  const [saving, setSaving] = useState(false);
  const save = async (show: boolean) => {
    setSaving(true);
    try {
      await mutate(setTouchpointPresence(show), { revalidate: false });
      notify('success', t('meeting.saved'), show ? t('meeting.shown') : t('meeting.hidden'));
    } catch (error) {
      notify('error', t('meeting.saveFailed'), errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {t('meeting.title')}
      </Title>
      {data ? (
        <Switch
          checked={data.showAtTouchpoints}
          disabled={saving}
          onChange={(event) => void save(event.currentTarget.checked)}
          label={t('meeting.showLabel')}
          description={t('meeting.description', { listed: listedFor(t, data.listDelayMinutes, data.windowDays) })}
        />
      ) : (
        <Loader size="sm" color="violet" aria-label={t('meeting.loading')} />
      )}
      <Group gap="sm">
        <Button component={Link} to="/nfc-profile-exchange?from=settings" variant="default" leftSection={<IconQrcode size={16} />}>
          {t('meeting.exchange')}
        </Button>
        <Button component={Link} to="/code-search" variant="default" leftSection={<IconHash size={16} />}>
          {t('meeting.findByCode')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('meeting.yourCode', { code: userCode ?? t('meeting.generating') })}
      </Text>
    </Stack>
  );
}
