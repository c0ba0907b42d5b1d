import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation('admin');
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
      notify('error', t('nfc.form.required'), editing ? t('nfc.form.needsName') : t('nfc.form.needsNameAndId'));
      return;
    }
    setSaving(true);
    try {
      if (location) await updateNfcLocation(location.id, { name: name.trim(), address: address.trim(), isActive });
      else await createNfcLocation({ name: name.trim(), locationId: locationId.trim(), address: address.trim() || undefined, isActive });
      notify('success', editing ? t('nfc.form.updated') : t('nfc.form.created'), t('nfc.form.saved', { name: name.trim() }));
      onSaved();
    } catch (failure) {
      notify('error', editing ? t('nfc.form.updateFailed') : t('nfc.form.createFailed'), errorMessage(failure));
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={editing ? t('nfc.form.editTitle') : t('nfc.form.addTitle')} centered radius="lg" closeOnClickOutside={!saving} closeOnEscape={!saving}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="md">
          <TextInput label={t('nfc.form.name')} required value={name} onChange={(event) => setName(event.currentTarget.value)} error={tried && missingName ? t('nfc.form.enterName') : undefined} data-autofocus />
          <TextInput
            label={t('nfc.form.locationId')}
            required={!editing}
            readOnly={editing}
            variant={editing ? 'filled' : 'default'}
            value={locationId}
            onChange={(event) => setLocationId(event.currentTarget.value)}
            description={editing ? t('nfc.form.idFixed') : t('nfc.form.idHint')}
            error={tried && missingId ? t('nfc.form.enterId') : undefined}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextInput label={t('nfc.form.address')} description={t('nfc.form.optional')} value={address} onChange={(event) => setAddress(event.currentTarget.value)} />
          <Switch label={t('nfc.form.active')} description={t('nfc.form.activeHint')} checked={isActive} onChange={(event) => setIsActive(event.currentTarget.checked)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? t('nfc.form.save') : t('nfc.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
