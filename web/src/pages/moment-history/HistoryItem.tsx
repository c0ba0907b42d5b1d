import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlignLeft, IconMovie, IconPhoto, IconTrash } from '@tabler/icons-react';

import type { UserMoment } from '../../features/moments/api';
import classes from './MomentHistory.module.css';

const typeIcons = {
  image: { icon: <IconPhoto size={16} />, label: 'Image' },
  video: { icon: <IconMovie size={16} />, label: 'Video' },
  text: { icon: <IconAlignLeft size={16} />, label: 'Text' },
} as const;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One of the member's moments: its type, its content, the caption if any, when it was posted. */
export function HistoryItem({ moment, onDelete }: { moment: UserMoment; onDelete: () => void }) {
  const kind = typeIcons[moment.type];
  return (
    <Paper component="li" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} className={classes.item} aria-label={`${kind.label} moment`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color="violet" radius="xl" size="md" aria-label={`${kind.label} moment`} role="img">
              {kind.icon}
            </ThemeIcon>
            <Text size="sm" c="dimmed" component="time" dateTime={moment.createdAt}>
              {dateTime.format(new Date(moment.createdAt))}
            </Text>
          </Group>
          <Tooltip label="Delete moment">
            <ActionIcon variant="subtle" color="red" radius="xl" size="lg" aria-label="Delete moment" onClick={onDelete}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {moment.type === 'text' ? <div className={classes.text}>{moment.text}</div> : null}
        {moment.type === 'image' && moment.imageUrl ? <img className={classes.media} src={moment.imageUrl} alt={moment.caption ?? 'Your photo'} loading="lazy" /> : null}
        {moment.type === 'video' && moment.videoUrl ? <video className={classes.media} src={moment.videoUrl} controls playsInline preload="metadata" /> : null}
        {moment.caption ? (
          <Text size="sm" className={classes.caption}>
            {moment.caption}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
