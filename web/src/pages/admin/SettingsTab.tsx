import { Alert, Code, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';

import { type ServerSetting, useServerSettings } from '../../features/admin/api';
import { AdminPanel } from './AdminShell';
import { AdminTable, type Column } from './AdminTable';
import { LoadState } from './LoadState';

const columnsOf = (t: TFunction<'admin'>): Column<ServerSetting>[] => [
  { label: t('settings.column.setting'), cell: (setting) => <Code>{setting.name}</Code> },
  {
    label: t('settings.column.value'),
    cell: (setting) =>
      setting.value === null || setting.value === '' ? (
        <Text span size="sm" c="dimmed">
          {t('settings.notSet')}
        </Text>
      ) : (
        <Text span size="sm" ff={setting.secret ? undefined : 'monospace'}>
          {setting.value}
        </Text>
      ),
  },
];

/** Settings: what the server runs with, read-only (secrets arrive masked). */
export function SettingsTab() {
  const { t } = useTranslation('admin');
  const { release, settings, error, isLoading, mutate } = useServerSettings();
  return (
    <AdminPanel title={t('tabs.settings')}>
      {/* The software, not PRODUCT_NAME: what to quote when reading the upgrade notes or asking for help. */}
      {release ? (
        <Text size="sm" data-testid="server-release">
          {t('settings.release', { version: release.version, commit: release.commit })}
        </Text>
      ) : null}
      <Alert variant="light" color="violet" icon={<IconInfoCircle size={20} />} title={t('settings.readOnly')}>
        <Trans t={t} i18nKey="settings.readOnlyBody" components={{ code: <Code /> }} />
      </Alert>
      {settings === undefined ? (
        <LoadState what="settings" isLoading={isLoading} error={error} onRetry={() => void mutate()} />
      ) : (
        <AdminTable label={t('settings.tableLabel')} rows={settings} rowKey={(setting) => setting.name} columns={columnsOf(t)} />
      )}
    </AdminPanel>
  );
}
