import { Button, Menu } from '@mantine/core';
import { IconAlignLeft, IconHistory, IconMovie, IconPhoto, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { brandGradient } from '../../components/landing/brand';
import type { MomentType } from '../../features/moment/api';
import { MomentUploadDialog } from './MomentUploadDialog';

/** Moment mode's menu (spec): post an Image, a Video or a Text moment, or open the History. */
export function MomentMenu() {
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
            Share
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Share a moment</Menu.Label>
          <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => open('image')}>
            Image
          </Menu.Item>
          <Menu.Item leftSection={<IconMovie size={16} />} onClick={() => open('video')}>
            Video
          </Menu.Item>
          <Menu.Item leftSection={<IconAlignLeft size={16} />} onClick={() => open('text')}>
            Text
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => void navigate('/moment-history')}>
            History
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
