import { Alert, Code, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

import { type ServerSetting, useServerSettings } from '../../features/admin/api';
import { AdminPanel } from './AdminShell';
import { AdminTable, type Column } from './AdminTable';
import { LoadState } from './LoadState';

const columns: Column<ServerSetting>[] = [
  { label: 'Setting', cell: (setting) => <Code>{setting.name}</Code> },
  {
    label: 'Value',
    cell: (setting) =>
      setting.value === null || setting.value === '' ? (
        <Text span size="sm" c="dimmed">
          not set
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
  const { release, settings, error, isLoading, mutate } = useServerSettings();
  return (
    <AdminPanel title="Settings">
      {/* The software, not PRODUCT_NAME: what to quote when reading the upgrade notes or asking for help. */}
      {release ? (
        <Text size="sm" data-testid="server-release">
          Kindred {release.version} · commit {release.commit}
        </Text>
      ) : null}
      <Alert variant="light" color="violet" icon={<IconInfoCircle size={20} />} title="Read-only">
        These settings come from the server&apos;s environment (its <Code>.env</Code> file or <Code>compose.yaml</Code>). Change them there; they take effect
        when the server restarts. Secrets are masked.
      </Alert>
      {settings === undefined ? (
        <LoadState what="settings" isLoading={isLoading} error={error} onRetry={() => void mutate()} />
      ) : (
        <AdminTable label="Server settings" rows={settings} rowKey={(setting) => setting.name} columns={columns} />
      )}
    </AdminPanel>
  );
}
