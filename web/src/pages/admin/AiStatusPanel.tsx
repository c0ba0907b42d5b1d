import { Code, DataList, Stack } from '@mantine/core';

import { useAiStatus } from '../../features/admin/api';
import { count } from '../../features/admin/format';
import { AdminPanel } from './AdminShell';
import { AdminTable } from './AdminTable';
import { LoadState } from './LoadState';
import { usePhone } from './usePhone';
import { WarningBox } from './WarningBox';

const providerNames = { ollama: 'Ollama (local models)', builtin: 'Built-in offline provider (no language model)' } as const;

/** Which AI the server uses, which embedding model search reads, and how many profiles have a vector of each model. */
export function AiStatusPanel() {
  const { ai, error, isLoading, mutate } = useAiStatus();
  const phone = usePhone();

  if (!ai) {
    return (
      <AdminPanel title="AI provider">
        <LoadState what="AI status" isLoading={isLoading} error={error} onRetry={() => void mutate()} />
      </AdminPanel>
    );
  }

  const percent = (profiles: number) => (ai.embeddableProfiles > 0 ? `${String(Math.round((profiles / ai.embeddableProfiles) * 100))}%` : '—');
  return (
    <AdminPanel title="AI provider">
      <Stack gap="md">
        <DataList size="sm" labelWidth={180} orientation={phone ? 'vertical' : 'horizontal'}>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">Provider</DataList.ItemLabel>
            <DataList.ItemValue>{providerNames[ai.provider]}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">Chat model</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code>{ai.models.chat}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">Embedding model</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code>{ai.models.embedding}</Code> ({ai.models.dimensions} dimensions)
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">Search reads</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code>{ai.search.model}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">New vectors written with</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code>{ai.search.targetModel}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">Profiles to embed</DataList.ItemLabel>
            <DataList.ItemValue>{count(ai.embeddableProfiles)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
        {ai.search.switchPending ? (
          <WarningBox title="Model switch pending">
            Search keeps reading <Code>{ai.search.model}</Code> until the profiles have <Code>{ai.search.targetModel}</Code> vectors. Regenerate embeddings to
            finish the switch.
          </WarningBox>
        ) : null}
        <AdminTable
          label="Embedding coverage"
          rows={ai.coverage}
          rowKey={(row) => row.model}
          columns={[
            { label: 'Model', cell: (row) => <Code>{row.model}</Code> },
            { label: 'Profiles with a vector', cell: (row) => count(row.profiles) },
            { label: 'Share', cell: (row) => percent(row.profiles) },
          ]}
        />
      </Stack>
    </AdminPanel>
  );
}
