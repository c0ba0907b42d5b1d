import { Box, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { DELETE_PHRASE, deleteAccount, useDeletedProfiles } from '../../features/account/api';
import { signedOutSession } from '../../features/auth/api';
import type { SessionUser } from '../../features/auth/api';
import { errorMessage } from '../../features/auth/notify';
import { useSession } from '../../features/auth/useSession';
import { RequireMember } from '../moment/RequireMember';

const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

function TestDelete({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { mutate } = useSession();
  const [listed, setListed] = useState(false);
  const { deletedProfiles, error, mutate: reload } = useDeletedProfiles(listed);
  const [log, setLog] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const write = (line: string) => setLog((current) => [...current, `[${stamp()}] ${line}`]);

  const testDeletion = async () => {
    if (!window.confirm('This really deletes the account you are signed in with. Continue?')) return;
    setDeleting(true);
    write(`deleting ${user.email} (${user.id})…`);
    try {
      const receipt = await deleteAccount(DELETE_PHRASE);
      write(`${receipt.message} Purge after ${receipt.purgeAfter}.`);
      setTimeout(() => {
        void navigate('/', { replace: true });
        void mutate(signedOutSession, { revalidate: false });
      }, 2_000);
    } catch (failure) {
      write(`failed: ${errorMessage(failure)}`);
      setDeleting(false);
    }
  };

  const list = () => {
    write('listing deleted profiles');
    if (listed) void reload();
    setListed(true);
  };

  return (
    <MemberPageShell title="Delete-function test" subtitle="Administrator only: try account deletion on this server." width={960}>
      <MemberPanel label="Current user">
        <Stack gap={4}>
          <Text size="sm">
            E-mail: <Code>{user.email}</Code>
          </Text>
          <Text size="sm">
            User id: <Code>{user.id}</Code>
          </Text>
          <Group gap="sm" mt="sm">
            <Button color="red.8" loading={deleting} onClick={() => void testDeletion()}>
              Test deletion (deletes this account)
            </Button>
            <Button variant="default" onClick={list}>
              List deleted profiles
            </Button>
          </Group>
        </Stack>
      </MemberPanel>
      {listed ? (
        <MemberPanel label="Deleted profiles">
          {error ? <Text c="red.8">Failed to load deleted profiles.</Text> : null}
          <Box style={{ overflowX: 'auto' }}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Deleted e-mail</Table.Th>
                  <Table.Th>Deleted at</Table.Th>
                  <Table.Th>User id</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(deletedProfiles ?? []).map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.name ?? '—'}</Table.Td>
                    <Table.Td>{row.deletedEmail}</Table.Td>
                    <Table.Td>{new Date(row.deletedAt).toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Code>{row.userId}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          {deletedProfiles?.length === 0 ? <Text c="dimmed">No deleted profiles.</Text> : null}
        </MemberPanel>
      ) : null}
      <MemberPanel label="Log">
        <Box component="pre" data-testid="test-delete-log" style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 13 }}>
          {log.length > 0 ? log.join('\n') : 'Nothing yet.'}
        </Box>
      </MemberPanel>
    </MemberPageShell>
  );
}

/** /test-delete (spec part 3 page 7): the administrator only; members go to /search, visitors to /auth. */
export function TestDeletePage() {
  return <RequireMember>{(user, session) => (session.isAdmin ? <TestDelete user={user} /> : <Navigate to="/search" replace />)}</RequireMember>;
}
