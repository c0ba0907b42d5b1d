import { Button, Menu } from '@mantine/core';
import { IconAlignLeft, IconHistory, IconMovie, IconPhoto, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { brandGradient } from '../../components/landing/brand';
import type { MomentType } from '../../features/moment/api';
import { MomentUploadDialog } from './MomentUploadDialog';

/** Moment mode's menu (spec): post an Image, a Video or a Text moment, or open the History. */
export function MomentMenu() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [type, setType] = useState<MomentType>('image');
  // A new key for every opening: the dialog starts empty each time (spec: success resets it).
  const [opening, setOpening] = useState(0);

  const open = (next: MomentType) => {
    setType(next);
    setOpening((count) => count + 1);
    setOpened(true);
  };

  return (
    <>
      <Menu position="bottom-end" width={200} shadow="md" radius="md">
        <Menu.Target>
          <Button variant="gradient" gradient={brandGradient} radius="xl" size="sm" leftSection={<IconPlus size={16} />}>
            {t('momentMenu.share')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('momentMenu.shareMoment')}</Menu.Label>
          <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => open('image')}>
            {t('momentMenu.image')}
          </Menu.Item>
          <Menu.Item leftSection={<IconMovie size={16} />} onClick={() => open('video')}>
            {t('momentMenu.video')}
          </Menu.Item>
          <Menu.Item leftSection={<IconAlignLeft size={16} />} onClick={() => open('text')}>
            {t('momentMenu.text')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => void navigate('/moment-history')}>
            {t('momentMenu.history')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <MomentUploadDialog
        key={opening}
        opened={opened}
        initialType={type}
        onClose={() => {
          setOpened(false);
        }}
      />
    </>
  );
}
