import { Code, DataList, Stack } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';

import { useAiStatus } from '../../features/admin/api';
import { useAdminFormat } from '../../features/admin/format';
import { AdminPanel } from './AdminShell';
import { AdminTable } from './AdminTable';
import { LoadState } from './LoadState';
import { usePhone } from './usePhone';
import { WarningBox } from './WarningBox';

const providerNames = { ollama: 'ai.provider.ollama', builtin: 'ai.provider.builtin' } as const;

/** Which AI the server uses, which embedding model search reads, and how many profiles have a vector of each model. */
export function AiStatusPanel() {
  const { ai, error, isLoading, mutate } = useAiStatus();
  const phone = usePhone();
  const { t } = useTranslation('admin');
  const { count, percent: asPercent } = useAdminFormat();

  if (!ai) {
    return (
      <AdminPanel title={t('ai.title')}>
        <LoadState what="aiStatus" isLoading={isLoading} error={error} onRetry={() => void mutate()} />
      </AdminPanel>
    );
  }

  const percent = (profiles: number) => (ai.embeddableProfiles > 0 ? asPercent(Math.round((profiles / ai.embeddableProfiles) * 100)) : '—');
  return (
    <AdminPanel title={t('ai.title')}>
      <Stack gap="md">
        <DataList size="sm" labelWidth={180} orientation={phone ? 'vertical' : 'horizontal'}>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">{t('ai.providerLabel')}</DataList.ItemLabel>
            <DataList.ItemValue>{t(providerNames[ai.provider])}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">{t('ai.chatModel')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code>{ai.models.chat}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">{t('ai.embeddingModel')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code>{ai.models.embedding}</Code> {t('ai.dimensions', { dimensions: ai.models.dimensions })}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">{t('ai.searchReads')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code>{ai.search.model}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">{t('ai.newVectors')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code>{ai.search.targetModel}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel c="dimmed">{t('ai.toEmbed')}</DataList.ItemLabel>
            <DataList.ItemValue>{count(ai.embeddableProfiles)}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
        {ai.search.switchPending ? (
          <WarningBox title={t('ai.switchPending.title')}>
            <Trans t={t} i18nKey="ai.switchPending.body" values={{ model: ai.search.model, target: ai.search.targetModel }} components={{ code: <Code /> }} />
          </WarningBox>
        ) : null}
        <AdminTable
          label={t('ai.coverage.label')}
          rows={ai.coverage}
          rowKey={(row) => row.model}
          columns={[
            { label: t('ai.coverage.model'), cell: (row) => <Code>{row.model}</Code> },
            { label: t('ai.coverage.profiles'), cell: (row) => count(row.profiles) },
            { label: t('ai.coverage.share'), cell: (row) => percent(row.profiles) },
          ]}
        />
      </Stack>
    </AdminPanel>
  );
}
