import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../features/auth/notify';
import type { ContactDetails, ContactEntry } from '../../features/profile/api';
import { useProfileUpdate } from '../../features/profile/useProfileUpdate';

const MAX_CONTACTS = 6;

/**
 * Quick Contact (spec part 2 §3 contact_info): what the member shares and whether others may see
 * it. Members who open the profile see these only while "available" is on.
 */
export function ContactSharing({ initial, onSaved }: { initial: ContactDetails; onSaved: () => void }) {
  const { t } = useTranslation('settings');
  const [available, setAvailable] = useState(initial.available);
  const [entries, setEntries] = useState<ContactEntry[]>(() => (initial.entries.length > 0 ? initial.entries : [{ label: t('contact.defaultLabel'), value: '' }]));
  const { saving, save: saveUpdate } = useProfileUpdate(onSaved);

  const setEntry = (index: number, field: keyof ContactEntry, value: string) => {
    setEntries((current) => current.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)));
  };

  const save = async () => {
    const filled = entries.map((e) => ({ label: e.label.trim(), value: e.value.trim() })).filter((e) => e.label || e.value);
    if (filled.some((e) => !e.label || !e.value)) {
      notify('error', t('contact.updateFailed'), t('contact.incomplete'));
      return;
    }
    await saveUpdate(
      { contactInfo: { available, entries: filled } },
      available && filled.length > 0 ? t('contact.shown') : t('contact.hidden'),
    );
  };

  return (
    <Stack gap="sm">
      <Switch
        checked={available}
        onChange={(event) => setAvailable(event.currentTarget.checked)}
        label={t('contact.show')}
        description={t('contact.showDescription')}
      />
      {entries.map((entry, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput label={index === 0 ? t('contact.label') : undefined} aria-label={t('contact.labelOf', { number: index + 1 })} placeholder={t('contact.labelPlaceholder')} value={entry.label} onChange={(e) => setEntry(index, 'label', e.currentTarget.value)} maxLength={30} w="35%" />
          <TextInput label={index === 0 ? t('contact.value') : undefined} aria-label={t('contact.valueOf', { number: index + 1 })} placeholder={t('contact.valuePlaceholder')} value={entry.value} onChange={(e) => setEntry(index, 'value', e.currentTarget.value)} maxLength={200} style={{ flex: 1 }} />
          <ActionIcon variant="subtle" color="gray.8" size="lg" mb={2} aria-label={t('contact.remove', { number: index + 1 })} onClick={() => setEntries((current) => current.filter((_, i) => i !== index))}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconPlus size={16} />} disabled={entries.length >= MAX_CONTACTS} onClick={() => setEntries((current) => [...current, { label: '', value: '' }])}>
          {t('contact.add')}
        </Button>
        <Button onClick={() => void save()} loading={saving}>
          {t('contact.save')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('contact.hint', { max: MAX_CONTACTS })}
      </Text>
    </Stack>
  );
}
