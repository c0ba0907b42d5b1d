import { ActionIcon, Button, Code, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';

import { errorMessage, notify } from '../../features/auth/notify';
import { type AdminFormat, useAdminFormat } from '../../features/admin/format';
import { deleteNfcLocation, type NfcLocation, previewPath, useNfcLocations } from '../../features/admin/nfcLocations';
import { AdminPanel } from './AdminShell';
import { AdminTable, type Column } from './AdminTable';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadState } from './LoadState';
import { LocationFormDialog } from './LocationFormDialog';
import { ToneBadge } from './ToneBadge';

const columnsOf = (t: TFunction<'admin'>, { count, date }: AdminFormat): Column<NfcLocation>[] => [
  { label: t('nfc.column.name'), cell: (location) => location.name },
  { label: t('nfc.column.locationId'), cell: (location) => <Code>{location.locationId}</Code> },
  { label: t('nfc.column.address'), cell: (location) => location.address || '—' },
  {
    label: t('nfc.column.status'),
    cell: (location) => (
      <ToneBadge tone={location.isActive ? 'positive' : 'neutral'}>{location.isActive ? t('nfc.active') : t('nfc.inactive')}</ToneBadge>
    ),
  },
  { label: t('nfc.column.visitors'), cell: (location) => count(location.visitorCount) },
  { label: t('nfc.column.created'), cell: (location) => date(location.createdAt) },
];

/** NFC Locations (spec part 3): the touchpoints; create, edit, delete with confirmation, preview. */
export function NfcLocationsTab() {
  const { t } = useTranslation('admin');
  const columns = columnsOf(t, useAdminFormat());
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
      notify('success', t('nfc.deleted'), t('nfc.deletedMessage', { name: doomed.name }));
      setDoomed(null);
      void mutate();
    } catch (failure) {
      notify('error', t('nfc.deleteFailed'), errorMessage(failure));
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
        {t('nfc.none')}
      </Text>
    );
  } else {
    content = (
      <AdminTable
        label={t('nfc.tableLabel')}
        rows={locations}
        rowKey={(location) => location.id}
        columns={columns}
        actions={(location) => (
          <>
            <Tooltip label={t('nfc.preview')}>
              <ActionIcon component="a" href={previewPath(location.locationId)} target="_blank" rel="noopener noreferrer" variant="subtle" color="violet" size="lg" aria-label={t('nfc.previewLabel', { name: location.name })}>
                <IconExternalLink size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('nfc.edit')}>
              <ActionIcon variant="subtle" color="gray.8" size="lg" onClick={() => openForm(location)} aria-label={t('nfc.editLabel', { name: location.name })}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('nfc.delete')}>
              <ActionIcon variant="subtle" color="red.8" size="lg" onClick={() => setDoomed(location)} aria-label={t('nfc.deleteLabel', { name: location.name })}>
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
      title={t('tabs.nfc')}
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => openForm('new')}>
          {t('nfc.add')}
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
      <ConfirmDialog opened={doomed !== null} title={t('nfc.deleteTitle')} confirmLabel={t('nfc.deleteConfirm')} busy={deleting} onCancel={() => setDoomed(null)} onConfirm={() => void confirmDelete()}>
        <Trans t={t} i18nKey="nfc.deleteBody" values={{ name: doomed?.name ?? '' }} components={{ strong: <strong /> }} />
      </ConfirmDialog>
    </AdminPanel>
  );
}
