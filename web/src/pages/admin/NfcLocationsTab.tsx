import { ActionIcon, Button, Code, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { errorMessage, notify } from '../../features/auth/notify';
import { date } from '../../features/admin/format';
import { deleteNfcLocation, type NfcLocation, previewPath, useNfcLocations } from '../../features/admin/nfcLocations';
import { AdminPanel } from './AdminShell';
import { AdminTable, type Column } from './AdminTable';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadState } from './LoadState';
import { LocationFormDialog } from './LocationFormDialog';
import { ToneBadge } from './ToneBadge';

const columns: Column<NfcLocation>[] = [
  { label: 'Name', cell: (location) => location.name },
  { label: 'Location ID', cell: (location) => <Code>{location.locationId}</Code> },
  { label: 'Address', cell: (location) => location.address || '—' },
  {
    label: 'Status',
    cell: (location) => (
      <ToneBadge tone={location.isActive ? 'positive' : 'neutral'}>{location.isActive ? 'Active' : 'Inactive'}</ToneBadge>
    ),
  },
  { label: 'Visitors', cell: (location) => location.visitorCount },
  { label: 'Created', cell: (location) => date(location.createdAt) },
];

/** NFC Locations (spec part 3): the touchpoints; create, edit, delete with confirmation, preview. */
export function NfcLocationsTab() {
  const { locations, error, isLoading, mutate } = useNfcLocations();
  // null: closed; 'new': creating; a location: editing it.
  const [form, setForm] = useState<NfcLocation | 'new' | null>(null);
  // Each opening remounts the form, so it starts from its location.
  const [formNumber, setFormNumber] = useState(0);
  const [doomed, setDoomed] = useState<NfcLocation | null>(null);
  const [deleting, setDeleting] = useState(false);

  const openForm = (target: NfcLocation | 'new') => {
    setFormNumber((n) => n + 1);
    setForm(target);
  };

  const confirmDelete = async () => {
    if (!doomed || deleting) return;
    setDeleting(true);
    try {
      await deleteNfcLocation(doomed.id);
      notify('success', 'Location deleted', `${doomed.name} was deleted.`);
      setDoomed(null);
      void mutate();
    } catch (failure) {
      notify('error', 'Failed to delete location', errorMessage(failure));
    } finally {
      setDeleting(false);
    }
  };

  let content;
  if (locations === undefined) {
    content = <LoadState what="locations" isLoading={isLoading} error={error} onRetry={() => void mutate()} />;
  } else if (locations.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        No NFC locations yet. Add one for each tag you place on campus.
      </Text>
    );
  } else {
    content = (
      <AdminTable
        label="NFC locations"
        rows={locations}
        rowKey={(location) => location.id}
        columns={columns}
        actions={(location) => (
          <>
            <Tooltip label="Preview">
              <ActionIcon component="a" href={previewPath(location.locationId)} target="_blank" rel="noopener noreferrer" variant="subtle" color="violet" size="lg" aria-label={`Preview ${location.name} (opens in a new tab)`}>
                <IconExternalLink size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" color="gray.8" size="lg" onClick={() => openForm(location)} aria-label={`Edit ${location.name}`}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red.8" size="lg" onClick={() => setDoomed(location)} aria-label={`Delete ${location.name}`}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
      />
    );
  }

  return (
    <AdminPanel
      title="NFC Locations"
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => openForm('new')}>
          Add location
        </Button>
      }
    >
      {content}
      {form !== null ? (
        <LocationFormDialog
          key={formNumber}
          location={form === 'new' ? null : form}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void mutate();
          }}
        />
      ) : null}
      <ConfirmDialog opened={doomed !== null} title="Delete location?" confirmLabel="Delete location" busy={deleting} onCancel={() => setDoomed(null)} onConfirm={() => void confirmDelete()}>
        This deletes <strong>{doomed?.name}</strong>. Tags that point to it will lead nowhere. It cannot be undone.
      </ConfirmDialog>
    </AdminPanel>
  );
}
