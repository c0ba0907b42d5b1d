import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconCrown, IconLayoutGrid, IconMapPin, IconSearch, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import classes from './Search.module.css';
import { StreakCounter } from './StreakCounter';
import type { Mode, Phase } from './useSearchPage';

interface Props {
  streakDays: number | undefined;
  vip: boolean;
  isAdmin: boolean;
  mode: Mode;
  phase: Phase;
  onToggleMode: () => void;
  /** The menu at the end of the header. */
  menu: ReactNode;
}

/** The search screen's top bar: streak and VIP crown on one side, admin shortcuts, the mode switch and the menu on the other. */
export function SearchHeader({ streakDays, vip, isAdmin, mode, phase, onToggleMode, menu }: Props) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  return (
    <Group component="header" className={classes.header} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={8} wrap="nowrap">
        <StreakCounter days={streakDays} />
        {vip ? (
          <Tooltip label={t('header.vip')}>
            <span role="img" aria-label={t('header.vip')} style={{ display: 'inline-flex' }}>
              <IconCrown size={24} color="var(--mantine-color-yellow-6)" fill="var(--mantine-color-yellow-3)" aria-hidden />
            </span>
          </Tooltip>
        ) : null}
      </Group>
      <Group gap={6} wrap="nowrap">
        {isAdmin && phase !== 'results' ? (
          <>
            <Button size="compact-sm" variant="white" color="dark" leftSection={<IconShieldLock size={14} />} onClick={() => void navigate('/admin')}>
              {t('header.admin')}
            </Button>
            <Button size="compact-sm" variant="white" color="dark" leftSection={<IconMapPin size={14} />} onClick={() => void navigate('/nfc?location=demo')}>
              {t('header.location')}
            </Button>
          </>
        ) : null}
        {phase === 'idle' ? (
          <Tooltip label={mode === 'search' ? t('header.browseMoments') : t('header.backToSearch')}>
            <ActionIcon
              variant="white"
              color="dark"
              size="lg"
              radius="xl"
              aria-label={mode === 'search' ? t('header.browseMoments') : t('header.backToSearch')}
              onClick={onToggleMode}
            >
              {mode === 'search' ? <IconLayoutGrid size={18} /> : <IconSearch size={18} />}
            </ActionIcon>
          </Tooltip>
        ) : null}
        {menu}
      </Group>
    </Group>
  );
}
