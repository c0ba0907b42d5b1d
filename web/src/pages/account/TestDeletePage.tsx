import { Box, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { DELETE_PHRASE, deleteAccount, useDeletedProfiles } from '../../features/account/api';
import { signedOutSession } from '../../features/auth/api';
import type { SessionUser } from '../../features/auth/api';
import { errorMessage } from '../../features/auth/notify';
import { useSession } from '../../features/auth/useSession';
import { useFormat } from '../../i18n/useFormat';
import { RequireMember } from '../moment/RequireMember';

const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

function TestDelete({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const navigate = useNavigate();
  const { mutate } = useSession();
  const [listed, setListed] = useState(false);
  const { deletedProfiles, error, mutate: reload } = useDeletedProfiles(listed);
  const [log, setLog] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const write = (line: string) => setLog((current) => [...current, `[${stamp()}] ${line}`]);

  const testDeletion = async () => {
    if (!window.confirm(t('test.confirm'))) return;
    setDeleting(true);
    write(t('test.logDeleting', { email: user.email, id: user.id }));
    try {
      const receipt = await deleteAccount(DELETE_PHRASE);
      write(t('test.logReceipt', { message: receipt.message, purgeAfter: receipt.purgeAfter }));
      setTimeout(() => {
        void navigate('/', { replace: true });
        void mutate(signedOutSession, { revalidate: false });
      }, 2_000);
    } catch (failure) {
      write(t('test.logFailed', { message: errorMessage(failure) }));
      setDeleting(false);
    }
  };

  const list = () => {
    write(t('test.logListing'));
    if (listed) void reload();
    setListed(true);
  };

  return (
    <MemberPageShell title={t('test.title')} subtitle={t('test.subtitle')} width={960}>
      <MemberPanel label={t('test.currentUser')}>
        <Stack gap={4}>
          <Text size="sm">
            {t('test.emailLabel')} <Code>{user.email}</Code>
          </Text>
          <Text size="sm">
            {t('test.userIdLabel')} <Code>{user.id}</Code>
          </Text>
          <Group gap="sm" mt="sm">
            <Button color="red.8" loading={deleting} onClick={() => void testDeletion()}>
              {t('test.testDeletion')}
            </Button>
            <Button variant="default" onClick={list}>
              {t('test.list')}
            </Button>
          </Group>
        </Stack>
      </MemberPanel>
      {listed ? (
        <MemberPanel label={t('test.deletedProfiles')}>
          {error ? <Text c="red.8">{t('test.loadFailed')}</Text> : null}
          <Box style={{ overflowX: 'auto' }}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('test.name')}</Table.Th>
                  <Table.Th>{t('test.deletedEmail')}</Table.Th>
                  <Table.Th>{t('test.deletedAt')}</Table.Th>
                  <Table.Th>{t('test.userId')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(deletedProfiles ?? []).map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.name ?? '—'}</Table.Td>
                    <Table.Td>{row.deletedEmail}</Table.Td>
                    <Table.Td>{format.dateTime(row.deletedAt)}</Table.Td>
                    <Table.Td>
                      <Code>{row.userId}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {deletedProfiles?.length === 0 ? <Text c="dimmed">{t('test.none')}</Text> : null}
        </MemberPanel>
      ) : null}
      <MemberPanel label={t('test.log')}>
        <Box component="pre" data-testid="test-delete-log" style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 13 }}>
          {log.length > 0 ? log.join('\n') : t('test.nothingYet')}
        </Box>
      </MemberPanel>
    </MemberPageShell>
  );
}

/** /test-delete (spec part 3 page 7): the administrator only; members go to /search, visitors to /auth. */
export function TestDeletePage() {
  return <RequireMember>{(user, session) => (session.isAdmin ? <TestDelete user={user} /> : <Navigate to="/search" replace />)}</RequireMember>;
}
