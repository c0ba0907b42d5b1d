import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlignLeft, IconMovie, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import type { UserMoment } from '../../features/moments/api';
import { useFormat } from '../../i18n/useFormat';
import classes from './MomentHistory.module.css';

const typeIcons = {
  image: { icon: <IconPhoto size={16} />, label: 'history.imageMoment' },
  video: { icon: <IconMovie size={16} />, label: 'history.videoMoment' },
  text: { icon: <IconAlignLeft size={16} />, label: 'history.textMoment' },
} as const;

/** One of the member's moments: its type, its content, the caption if any, when it was posted. */
export function HistoryItem({ moment, onDelete }: { moment: UserMoment; onDelete: () => void }) {
  const { t } = useTranslation('moments');
  const format = useFormat();
  const kind = typeIcons[moment.type];
  return (
    <Paper component="li" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} className={classes.item} aria-label={t(kind.label)}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color="violet" radius="xl" size="md" aria-label={t(kind.label)} role="img">
              {kind.icon}
            </ThemeIcon>
            <Text size="sm" c="dimmed" component="time" dateTime={moment.createdAt}>
              {format.dateTime(moment.createdAt)}
            </Text>
          </Group>
          <Tooltip label={t('history.deleteMoment')}>
            <ActionIcon variant="subtle" color="red" radius="xl" size="lg" aria-label={t('history.deleteMoment')} onClick={onDelete}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {moment.type === 'text' ? <div className={classes.text}>{moment.text}</div> : null}
        {moment.type === 'image' && moment.imageUrl ? <img className={classes.media} src={moment.imageUrl} alt={moment.caption ?? t('history.photoAlt')} loading="lazy" /> : null}
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
