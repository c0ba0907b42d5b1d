import { ActionIcon, Button, Code, Group, Menu, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconEye, IconEyeOff, IconLock, IconLockOpen, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { errorMessage, notify } from '../../features/auth/notify';
import { isStepUpCancelled, useStepUp } from '../../features/auth/stepUp';
import { date } from '../../features/admin/format';
import { ACTION_DONE, actOnReports, type ModerationAction } from '../../features/admin/moderation';
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
  {
    label: 'Moderation',
    cell: (user) =>
      user.hidden || user.suspended ? (
        <Group gap={4}>
          {user.hidden ? <ToneBadge tone="neutral">Hidden</ToneBadge> : null}
          {user.suspended ? <ToneBadge tone="negative">Suspended</ToneBadge> : null}
        </Group>
      ) : (
        '—'
      ),
  },
];

/** Hide or show the profile, suspend or lift the suspension: the moderation actions, also for members nobody reported. */
function ModerationMenu({ user, onAct }: { user: AdminUser; onAct: (action: ModerationAction) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Moderation actions for ${user.email}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {user.profile ? (
          <Menu.Item leftSection={user.hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />} onClick={() => onAct(user.hidden ? 'unhide' : 'hide')}>
            {user.hidden ? 'Show profile again' : 'Hide profile'}
          </Menu.Item>
        ) : null}
        {user.suspended ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAct('unsuspend')}>
            Lift suspension
          </Menu.Item>
        ) : (
          <Menu.Item color="red.9" leftSection={<IconLock size={16} />} onClick={() => onAct('suspend')}>
            Suspend
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Users (spec part 3): every account with its profile's name, code, VIP state and order; hide, suspend or delete one. */
export function UsersTab() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const { users, total, error, isLoading, mutate } = useAdminUsers(debounced, page);
  const [doomed, setDoomed] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const [acting, setActing] = useState(false);
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

  const act = async (user: AdminUser, action: ModerationAction) => {
    if (acting) return;
    setActing(true);
    try {
      await actOnReports(user.id, action);
      setSuspending(null);
      notify('success', 'Done', `${user.email}: ${ACTION_DONE[action]}. Recorded in the audit log.`);
      void mutate();
    } catch (failure) {
      notify('error', 'Action failed', errorMessage(failure));
    } finally {
      setActing(false);
    }
  };
  // Suspending asks first; the other actions are undone as easily as they are done.
  const choose = (user: AdminUser, action: ModerationAction) => (action === 'suspend' ? setSuspending(user) : void act(user, action));

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
            <>
              <ModerationMenu user={user} onAct={(action) => choose(user, action)} />
              <Tooltip label="Delete user">
                <ActionIcon variant="subtle" color="red.8" size="lg" onClick={() => setDoomed(user)} aria-label={`Delete ${user.email}`}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </>
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
      <ConfirmDialog
        opened={suspending !== null}
        title="Suspend user?"
        confirmLabel="Suspend"
        icon={<IconLock size={16} />}
        busy={acting}
        onCancel={() => setSuspending(null)}
        onConfirm={() => suspending && void act(suspending, 'suspend')}
      >
        <strong>{suspending?.email}</strong> is signed out on every device and cannot sign in until you lift the suspension. They are told by e-mail, with the support address.
      </ConfirmDialog>
      {stepUp.dialog}
    </AdminPanel>
  );
}
