import { ActionIcon, Button, Code, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { errorMessage, notify } from '../../features/auth/notify';
import { isStepUpCancelled, useStepUp } from '../../features/auth/stepUp';
import { date } from '../../features/admin/format';
import { type AdminUser, deleteUser, isVipNow, useAdminUsers, USERS_PAGE_SIZE } from '../../features/admin/users';
import { useLoadFailureToast } from '../../features/admin/toasts';
import { AdminPanel } from './AdminShell';
import { AdminTable, type Column } from './AdminTable';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadState } from './LoadState';
import { ToneBadge } from './ToneBadge';

const columns: Column<AdminUser>[] = [
  { label: 'E-mail', cell: (user) => user.email },
  { label: 'Name', cell: (user) => user.profile?.name ?? '—' },
  { label: 'User code', cell: (user) => (user.profile?.userCode ? <Code>{user.profile.userCode}</Code> : '—') },
  { label: 'VIP', cell: (user) => (isVipNow(user.profile) ? <ToneBadge tone="vip">VIP</ToneBadge> : 'No') },
  { label: 'VIP expires', cell: (user) => (user.profile?.isVip ? (user.profile.vipExpiresAt ? date(user.profile.vipExpiresAt) : 'Never') : '—') },
  { label: 'Registration', cell: (user) => (user.profile?.registrationOrder ? `#${String(user.profile.registrationOrder)}` : '—') },
  { label: 'Created', cell: (user) => date(user.createdAt) },
];

/** Users (spec part 3): every account with its profile's name, code, VIP state and order; delete one. */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const { users, total, error, isLoading, mutate } = useAdminUsers(debounced, page);
  const [doomed, setDoomed] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  // Who the step-up dialog names, kept once the confirmation has closed.
  const [doomedEmail, setDoomedEmail] = useState<string | null>(null);
  const stepUp = useStepUp(
    <>
      Enter your password to delete <strong>{doomedEmail ?? 'this member'}</strong> for good.
    </>,
  );

  useLoadFailureToast(error, 'Error', 'Failed to load users. Make sure you have admin permissions.');

  const confirmDelete = async () => {
    if (!doomed || deleting) return;
    const target = doomed;
    setDoomedEmail(target.email);
    setDeleting(true);
    try {
      // The administrator's password (or a fresh campus sign-in), asked in the step-up dialog,
      // which takes the confirmation's place on screen.
      const { email } = await stepUp.run((currentPassword) => deleteUser(target.id, currentPassword), { onAsk: () => setDoomed(null) });
      setDoomed(null);
      notify('success', 'User Deleted', `User ${email} has been permanently deleted.`);
      // The last one of a later page: show the page before it.
      if (users?.length === 1 && page > 0) setPage(page - 1);
      else void mutate();
    } catch (failure) {
      if (!isStepUpCancelled(failure)) notify('error', 'Deletion Failed', errorMessage(failure));
    } finally {
      setDeleting(false);
    }
  };

  const first = page * USERS_PAGE_SIZE;
  let content;
  if (users === undefined) {
    content = <LoadState what="users" isLoading={isLoading} error={error} onRetry={() => void mutate()} />;
  } else if (users.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        {debounced ? `No users match “${debounced}”.` : 'No users yet.'}
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm">
        <AdminTable
          label="Users"
          rows={users}
          rowKey={(user) => user.id}
          columns={columns}
          actions={(user) => (
            <Tooltip label="Delete user">
              <ActionIcon variant="subtle" color="red.8" size="lg" onClick={() => setDoomed(user)} aria-label={`Delete ${user.email}`}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {first + 1}–{first + users.length} of {total}
          </Text>
          {total > USERS_PAGE_SIZE ? (
            <Group gap="xs">
              <Button variant="default" size="compact-md" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button variant="default" size="compact-md" disabled={first + users.length >= total} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <AdminPanel title="Users">
      <TextInput
        label="Search users"
        placeholder="E-mail, name or user code"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(0);
        }}
        maw={420}
      />
      {content}
      <ConfirmDialog
        opened={doomed !== null}
        title="Delete user?"
        confirmLabel="Delete user"
        busy={deleting}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void confirmDelete()}
      >
        This permanently deletes <strong>{doomed?.email}</strong>, their profile and everything they shared. It cannot be undone.
      </ConfirmDialog>
      {stepUp.dialog}
    </AdminPanel>
  );
}
