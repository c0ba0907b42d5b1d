import { ActionIcon, Badge, Indicator, Menu } from '@mantine/core';
import { IconLogout, IconMail, IconMenu2, IconNfc, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

interface Props {
  unreadCount: number;
  signingOut: boolean;
  onSignOut: () => void;
}

/** The header's menu: account, settings, tap, mailbox (with its unread count) and sign-out. */
export function AccountMenu({ unreadCount, signingOut, onSignOut }: Props) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={200} shadow="md" radius="md">
      {/* The target is the button itself: the menu's aria-expanded is not allowed on the indicator's div. */}
      <Indicator disabled={unreadCount === 0} color="red" size={10} offset={4} withBorder>
        <Menu.Target>
          <ActionIcon variant="white" color="dark" size="lg" radius="xl" aria-label={unreadCount > 0 ? t('header.openMenuUnread', { count: unreadCount }) : t('header.openMenu')}>
            <IconMenu2 size={18} />
          </ActionIcon>
        </Menu.Target>
      </Indicator>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUser size={16} />} onClick={() => void navigate('/settings')}>
          {t('header.account')}
        </Menu.Item>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => void navigate('/settings?section=general')}>
          {t('header.general')}
        </Menu.Item>
        <Menu.Item leftSection={<IconNfc size={16} />} onClick={() => void navigate('/tap')}>
          {t('header.tap')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconMail size={16} />}
          rightSection={
            unreadCount > 0 ? (
              <Badge size="sm" color="red.8" variant="filled" data-testid="menu-unread">
                {unreadCount}
              </Badge>
            ) : null
          }
          onClick={() => void navigate('/mailbox')}
        >
          {t('header.mailbox')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} disabled={signingOut} onClick={onSignOut}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
