import { Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';

import { errorMessage, notify } from '../../features/auth/notify';
import { type InboxSetting, inboxKey, setStartConversations, startConversationsChoices, type StartConversations } from '../../features/inbox/api';

/** General: "Who may start a conversation with me" — everyone (the default), members I liked, campus-verified members. */
export function InboxSection() {
  const { t } = useTranslation('general');
  const { data, mutate } = useSWR<InboxSetting, Error>(inboxKey);
  const [saving, setSaving] = useState(false);
  const save = async (value: StartConversations) => {
    setSaving(true);
    try {
      // The choice shows at once; a refusal puts the saved one back.
      await mutate(setStartConversations(value), { optimisticData: { startConversations: value }, rollbackOnError: true, revalidate: false });
      notify('success', t('inbox.saved'), t(`inbox.savedMessage.${value}`));
    } catch (error) {
      notify('error', t('inbox.saveFailed'), errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} fz={20}>
        {t('inbox.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('inbox.description')}
      </Text>
      {data ? (
        <Radio.Group value={data.startConversations} onChange={(value) => void save(value as StartConversations)} label={t('inbox.label')}>
          <Stack gap="xs" mt="xs">
            {startConversationsChoices.map((choice) => (
              <Radio key={choice} value={choice} disabled={saving} label={t(`inbox.choice.${choice}`)} description={t(`inbox.choiceDescription.${choice}`)} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Loader size="sm" color="violet" aria-label={t('inbox.loading')} />
      )}
    </Stack>
  );
}
