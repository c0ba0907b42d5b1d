import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';

import { errorMessage, notify } from '../../features/auth/notify';
import { createNfcLocation, type NfcLocation, updateNfcLocation } from '../../features/admin/nfcLocations';

interface Props {
  /** The location being edited; null to create one. */
  location: NfcLocation | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Create or edit a touchpoint. The location ID is printed on the tag, so it is fixed once the
 * location exists: editing shows it read-only. Mount one per opening, so it starts from its location.
 */
export function LocationFormDialog({ location, onClose, onSaved }: Props) {
  const editing = location !== null;
  const [name, setName] = useState(location?.name ?? '');
  const [locationId, setLocationId] = useState(location?.locationId ?? '');
  const [address, setAddress] = useState(location?.address ?? '');
  const [isActive, setIsActive] = useState(location?.isActive ?? true);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  const missingName = name.trim() === '';
  const missingId = !editing && locationId.trim() === '';

  const save = async () => {
    setTried(true);
    if (missingName || missingId) {
      notify('error', 'Please fill in required fields', editing ? 'A location needs a name.' : 'A location needs a name and a location ID.');
      return;
    }
    setSaving(true);
    try {
      if (location) await updateNfcLocation(location.id, { name: name.trim(), address: address.trim(), isActive });
      else await createNfcLocation({ name: name.trim(), locationId: locationId.trim(), address: address.trim() || undefined, isActive });
      notify('success', editing ? 'Location updated' : 'Location created', `${name.trim()} is saved.`);
      onSaved();
    } catch (failure) {
      notify('error', editing ? 'Failed to update location' : 'Failed to create location', errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={editing ? 'Edit NFC location' : 'Add NFC location'} centered radius="lg" closeOnClickOutside={!saving} closeOnEscape={!saving}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput label="Name" required value={name} onChange={(event) => setName(event.currentTarget.value)} error={tried && missingName ? 'Enter a name' : undefined} data-autofocus />
          <TextInput
            label="Location ID"
            required={!editing}
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            value={locationId}
            onChange={(event) => setLocationId(event.currentTarget.value)}
            description={editing ? 'Fixed once created: it is written on the tag.' : 'Short, in English letters, numbers, - or _, no spaces (e.g. main-library). It cannot change later.'}
            error={tried && missingId ? 'Enter a location ID' : undefined}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextInput label="Address" description="Optional" value={address} onChange={(event) => setAddress(event.currentTarget.value)} />
          <Switch label="Active" description="Inactive touchpoints show no one." checked={isActive} onChange={(event) => setIsActive(event.currentTarget.checked)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
