import { ActionIcon, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { notify } from '../../features/auth/notify';
import type { ContactDetails, ContactEntry } from '../../features/profile/api';
import { useProfileUpdate } from '../../features/profile/useProfileUpdate';

const MAX_CONTACTS = 6;

/**
 * Quick Contact (spec part 2 §3 contact_info): what the member shares and whether others may see
 * it. Members who open the profile see these only while "available" is on.
 */
export function ContactSharing({ initial, onSaved }: { initial: ContactDetails; onSaved: () => void }) {
  const [available, setAvailable] = useState(initial.available);
  const [entries, setEntries] = useState<ContactEntry[]>(initial.entries.length > 0 ? initial.entries : [{ label: 'Email', value: '' }]);
  const { saving, save: saveUpdate } = useProfileUpdate(onSaved);

  const setEntry = (index: number, field: keyof ContactEntry, value: string) => {
    setEntries((current) => current.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)));
  };

  const save = async () => {
    const filled = entries.map((e) => ({ label: e.label.trim(), value: e.value.trim() })).filter((e) => e.label || e.value);
    if (filled.some((e) => !e.label || !e.value)) {
      notify('error', 'Update failed', 'Each contact needs a label and a value.');
      return;
    }
    await saveUpdate(
      { contactInfo: { available, entries: filled } },
      available && filled.length > 0 ? 'Members can now see your contact info in Quick Contact.' : 'Your contact info is hidden from other members.',
    );
  };

  return (
    <Stack gap="sm">
      <Switch
        checked={available}
        onChange={(event) => setAvailable(event.currentTarget.checked)}
        label="Show my contact info to members"
        description="Off: Quick Contact on your profile says “No contact info”."
      />
      {entries.map((entry, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput label={index === 0 ? 'Label' : undefined} aria-label={`Contact ${String(index + 1)} label`} placeholder="Instagram" value={entry.label} onChange={(e) => setEntry(index, 'label', e.currentTarget.value)} maxLength={30} w="35%" />
          <TextInput label={index === 0 ? 'Value' : undefined} aria-label={`Contact ${String(index + 1)} value`} placeholder="@yourname" value={entry.value} onChange={(e) => setEntry(index, 'value', e.currentTarget.value)} maxLength={200} style={{ flex: 1 }} />
          <ActionIcon variant="subtle" color="gray.8" size="lg" mb={2} aria-label={`Remove contact ${String(index + 1)}`} onClick={() => setEntries((current) => current.filter((_, i) => i !== index))}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconPlus size={16} />} disabled={entries.length >= MAX_CONTACTS} onClick={() => setEntries((current) => [...current, { label: '', value: '' }])}>
          Add contact
        </Button>
        <Button onClick={() => void save()} loading={saving}>
          Save contact info
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Up to {MAX_CONTACTS} contacts, such as e-mail, Instagram or phone.
      </Text>
    </Stack>
  );
}
