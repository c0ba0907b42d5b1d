import { ActionIcon, Button, Code, Group, Menu, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconEye, IconEyeOff, IconLock, IconLockOpen, IconSearch, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { errorMessage, notify } from '../../features/auth/notify';
import { isStepUpCancelled, useStepUp } from '../../features/auth/stepUp';
import { type AdminFormat, useAdminFormat } from '../../features/admin/format';
import { ACTION_DONE, actOnReports, type Grounds, type ModerationAction } from '../../features/admin/moderation';
import { type AdminUser, deleteUser, isVipNow, useAdminUsers, USERS_PAGE_SIZE } from '../../features/admin/users';
import { useLoadFailureToast } from '../../features/admin/toasts';
import { AdminPanel } from './AdminShell';
import { AdminTable, type Column } from './AdminTable';
import { ConfirmDialog } from './ConfirmDialog';
import { GroundsDialog } from './GroundsDialog';
import { LoadState } from './LoadState';
import { ToneBadge } from './ToneBadge';

const columnsOf = (t: TFunction<'admin'>, { date }: AdminFormat): Column<AdminUser>[] => [
  { label: t('users.column.email'), cell: (user) => user.email },
  { label: t('users.column.name'), cell: (user) => user.profile?.name ?? '—' },
  { label: t('users.column.userCode'), cell: (user) => (user.profile?.userCode ? <Code>{user.profile.userCode}</Code> : '—') },
  { label: t('users.column.vip'), cell: (user) => (isVipNow(user.profile) ? <ToneBadge tone="vip">{t('users.vip')}</ToneBadge> : t('users.no')) },
  { label: t('users.column.vipExpires'), cell: (user) => (user.profile?.isVip ? (user.profile.vipExpiresAt ? date(user.profile.vipExpiresAt) : t('users.never')) : '—') },
  { label: t('users.column.registration'), cell: (user) => (user.profile?.registrationOrder ? `#${String(user.profile.registrationOrder)}` : '—') },
  { label: t('users.column.created'), cell: (user) => date(user.createdAt) },
  {
    label: t('users.column.moderation'),
    cell: (user) =>
      user.hidden || user.suspended ? (
        <Group gap={4}>
          {user.hidden ? <ToneBadge tone="neutral">{t('badge.hidden')}</ToneBadge> : null}
          {user.suspended ? <ToneBadge tone="negative">{t('badge.suspended')}</ToneBadge> : null}
        </Group>
      ) : (
        '—'
      ),
  },
];

/** Hide or show the profile, suspend or lift the suspension: the moderation actions, also for members nobody reported. */
function ModerationMenu({ user, onAct }: { user: AdminUser; onAct: (action: ModerationAction) => void }) {
  const { t } = useTranslation('admin');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('users.moderationActions', { email: user.email })}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {user.profile ? (
          <Menu.Item leftSection={user.hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />} onClick={() => onAct(user.hidden ? 'unhide' : 'hide')}>
            {user.hidden ? t('moderation.unhide') : t('moderation.hide')}
          </Menu.Item>
        ) : null}
        {user.suspended ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAct('unsuspend')}>
            {t('moderation.unsuspend')}
          </Menu.Item>
        ) : (
          <Menu.Item color="red.9" leftSection={<IconLock size={16} />} onClick={() => onAct('suspend')}>
            {t('moderation.suspend')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Users (spec part 3): every account with its profile's name, code, VIP state and order; hide, suspend or delete one. */
export function UsersTab() {
  const { t } = useTranslation('admin');
  const columns = columnsOf(t, useAdminFormat());
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const { users, total, error, isLoading, mutate } = useAdminUsers(debounced, page);
  const [doomed, setDoomed] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  // The member a hide or a suspension is being asked for (with its reason, in GroundsDialog).
  const [grounding, setGrounding] = useState<{ user: AdminUser; action: 'hide' | 'suspend' } | null>(null);
  const [acting, setActing] = useState(false);
  // Who the step-up dialog names, kept once the confirmation has closed.
  const [doomedEmail, setDoomedEmail] = useState<string | null>(null);
  const stepUp = useStepUp(
    <Trans t={t} i18nKey="users.stepUp" values={{ email: doomedEmail ?? t('users.thisMember') }} components={{ strong: <strong /> }} />,
  );
  // Suspending asks for the password too (the server's step-up rule), naming the member it is for.
  const [suspendingEmail, setSuspendingEmail] = useState<string | null>(null);
  const suspendStepUp = useStepUp(
    <Trans t={t} i18nKey="moderation.stepUpSuspend" values={{ name: suspendingEmail ?? t('users.thisMember') }} components={{ strong: <strong /> }} />,
  );

  useLoadFailureToast(error, t('toast.error'), t('users.failedToLoad'));

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
      notify('success', t('users.deleted'), t('users.deletedMessage', { email }));
      // The last one of a later page: show the page before it.
      if (users?.length === 1 && page > 0) setPage(page - 1);
      else void mutate();
    } catch (failure) {
      if (!isStepUpCancelled(failure)) notify('error', t('users.deleteFailed'), errorMessage(failure));
    } finally {
      setDeleting(false);
    }
  };

  const act = async (user: AdminUser, action: ModerationAction, grounds?: Grounds) => {
    if (acting) return;
    setActing(true);
    setSuspendingEmail(user.email);
    try {
      await suspendStepUp.run((currentPassword) => actOnReports(user.id, action, currentPassword, grounds), { onAsk: () => setGrounding(null) });
      setGrounding(null);
      notify('success', t('users.done'), t('users.doneMessage', { email: user.email, done: t(ACTION_DONE[action]) }));
      void mutate();
    } catch (failure) {
      if (!isStepUpCancelled(failure)) notify('error', t('moderation.actionFailed'), errorMessage(failure));
    } finally {
      setActing(false);
    }
  };
  // Hiding and suspending ask first, and why; undoing them is one click.
  const choose = (user: AdminUser, action: ModerationAction) => (action === 'suspend' || action === 'hide' ? setGrounding({ user, action }) : void act(user, action));

  const first = page * USERS_PAGE_SIZE;
  let content;
  if (users === undefined) {
    content = <LoadState what="users" isLoading={isLoading} error={error} onRetry={() => void mutate()} />;
  } else if (users.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        {debounced ? t('users.noMatch', { search: debounced }) : t('users.none')}
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm">
        <AdminTable
          label={t('tabs.users')}
          rows={users}
          rowKey={(user) => user.id}
          columns={columns}
          actions={(user) => (
            <>
              <ModerationMenu user={user} onAct={(action) => choose(user, action)} />
              <Tooltip label={t('users.delete')}>
                <ActionIcon variant="subtle" color="red.8" size="lg" onClick={() => setDoomed(user)} aria-label={t('users.deleteLabel', { email: user.email })}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('users.range', { from: first + 1, to: first + users.length, total })}
          </Text>
          {total > USERS_PAGE_SIZE ? (
            <Group gap="xs">
              <Button variant="default" size="compact-md" disabled={page === 0} onClick={() => setPage(page - 1)}>
                {t('users.previous')}
              </Button>
              <Button variant="default" size="compact-md" disabled={first + users.length >= total} onClick={() => setPage(page + 1)}>
                {t('users.next')}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <AdminPanel title={t('tabs.users')}>
      <TextInput
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
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
        title={t('users.deleteTitle')}
        confirmLabel={t('users.delete')}
        busy={deleting}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void confirmDelete()}
      >
        <Trans t={t} i18nKey="users.deleteBody" values={{ email: doomed?.email ?? '' }} components={{ strong: <strong /> }} />
      </ConfirmDialog>
      <GroundsDialog
        opened={grounding !== null}
        title={grounding?.action === 'hide' ? t('moderation.hideTitle', { name: grounding.user.email }) : t('users.suspendTitle')}
        confirmLabel={grounding?.action === 'hide' ? t('moderation.hide') : t('moderation.suspend')}
        icon={grounding?.action === 'hide' ? <IconEyeOff size={16} /> : <IconLock size={16} />}
        busy={acting}
        onCancel={() => setGrounding(null)}
        onConfirm={(grounds) => grounding && void act(grounding.user, grounding.action, grounds)}
      >
        {grounding?.action === 'hide' ? (
          t('moderation.hideBody')
        ) : (
          <Trans t={t} i18nKey="users.suspendBody" values={{ email: grounding?.user.email ?? '' }} components={{ strong: <strong /> }} />
        )}
      </GroundsDialog>
      {stepUp.dialog}
      {suspendStepUp.dialog}
    </AdminPanel>
  );
}
