import { Avatar, Badge, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconHeart, IconMessageCircle } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '../../features/auth/notify';
import { SafetyMenu } from '../../features/moderation/SafetyMenu';
import { momentEvidence, useRecommendedMoments } from '../../features/search/moments';
import type { RecommendedMoment } from '../../features/search/moments';
import type { FirstMoment } from '../../features/search/api';
import { i18next } from '../../i18n/i18n';
import { Masonry } from './Masonry';
import { MomentMedia } from './ResultCard';
import classes from './Search.module.css';

const asFirstMoment = (moment: RecommendedMoment): FirstMoment => ({
  type: moment.type,
  imageUrl: moment.image,
  videoUrl: moment.video,
  textContent: moment.content,
  caption: moment.caption,
});

const authorName = (moment: RecommendedMoment) => moment.author.name?.trim() || i18next.t('search:defaults.member');

function MomentCard({ moment, index, height, onOpen, menu }: { moment: RecommendedMoment; index: number; height: number; onOpen: () => void; menu?: ReactNode }) {
  const { t } = useTranslation('search');
  return (
    <div role="listitem" data-testid="moment-card">
      <div className={classes.card} style={{ height, animationDelay: `${String(Math.min(index, 12) * 40)}ms` }}>
        <MomentMedia moment={asFirstMoment(moment)} index={index} fallbackText={moment.caption ?? ''} />
        <span className={classes.overlay}>
          <span className={classes.cardName}>
            <span className={classes.oneLine}>{authorName(moment)}</span>
          </span>
          <span className={classes.cardWhy}>
            <IconHeart size={12} aria-hidden style={{ verticalAlign: -1 }} /> {moment.likes} · <IconMessageCircle size={12} aria-hidden style={{ verticalAlign: -1 }} /> {moment.comments}
          </span>
        </span>
        <button type="button" className={classes.cardHit} onClick={onOpen} aria-label={t('moments.by', { name: authorName(moment) })} />
        {menu ? <div className={classes.cardMenu}>{menu}</div> : null}
      </div>
    </div>
  );
}

interface Props {
  /** The signed-in member: their own moments carry no ⋯ menu (the feed leaves them out anyway). */
  viewerId: string;
  selected: RecommendedMoment | null;
  onSelect: (moment: RecommendedMoment | null) => void;
  /** Shown beside the title (the page's moment menu). */
  actions?: ReactNode;
}

/** Moment mode: the recommended moments; tapping one opens its detail. */
export function MomentsView({ viewerId, selected, onSelect, actions }: Props) {
  const { t } = useTranslation('search');
  const { data, error, isLoading, mutate } = useRecommendedMoments(true);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A blocked member's moments leave the feed at once, and the feed is read again; the focus,
  // which was on the removed card's menu, goes to the heading.
  const removeAuthor = (userId: string) => {
    if (selected?.author.userId === userId) onSelect(null);
    void mutate((current) => current && { ...current, moments: current.moments.filter((m) => m.author.userId !== userId) });
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Group gap="sm" align="center" wrap="nowrap" miw={0}>
          <Title order={1} fz={{ base: 24, sm: 30 }} ref={headingRef} tabIndex={-1} className={classes.focusTarget}>
            {t('moments.title')}
          </Title>
          {data?.sample ? (
            <Badge variant="light" color="orange">
              {t('moments.sample')}
            </Badge>
          ) : null}
        </Group>
        {actions}
      </Group>
      {isLoading ? (
        <Center py="xl">
          <Loader color="violet" type="dots" aria-label={t('moments.loading')} />
        </Center>
      ) : error ? (
        <Stack align="center" gap="xs" py="xl" ta="center">
          <Text fw={600}>{t('moments.loadFailed')}</Text>
          <Text size="sm" c="dimmed">
            {errorMessage(error)}
          </Text>
          <Button variant="light" onClick={() => void mutate()}>
            {t('moments.tryAgain')}
          </Button>
        </Stack>
      ) : data && data.moments.length > 0 ? (
        <Masonry
          items={data.moments}
          label={t('moments.listLabel')}
          render={(moment, index, height) => (
            <MomentCard
              key={moment.id}
              moment={moment}
              index={index}
              height={height}
              onOpen={() => {
                onSelect(moment);
              }}
              menu={
                moment.author.userId === viewerId ? null : (
                  <SafetyMenu
                    profileId={moment.author.profileId}
                    name={authorName(moment)}
                    evidence={momentEvidence(moment)}
                    look="card"
                    onBlocked={() => {
                      removeAuthor(moment.author.userId);
                    }}
                  />
                )
              }
            />
          )}
        />
      ) : (
        <Text c="dimmed" ta="center" py="xl">
          {t('moments.empty')}
        </Text>
      )}
      <Modal
        opened={selected !== null}
        onClose={() => {
          onSelect(null);
        }}
        title={selected ? t('moments.by', { name: authorName(selected) }) : ''}
        centered
        radius="lg"
        size="md"
      >
        {selected ? (
          <Stack gap="sm">
            {selected.type === 'image' && selected.image ? <img className={classes.dialogMedia} src={selected.image} alt={selected.caption ?? ''} /> : null}
            {selected.type === 'video' && selected.video ? <video className={classes.dialogMedia} src={selected.video} controls playsInline preload="metadata" /> : null}
            {selected.type === 'text' ? <div className={classes.dialogText}>{selected.content}</div> : null}
            {selected.caption && selected.type !== 'text' ? <Text size="sm">{selected.caption}</Text> : null}
            <Group gap="sm" wrap="nowrap">
              <Avatar src={selected.author.avatar} radius="xl" color="violet" alt="">
                {authorName(selected).slice(0, 1)}
              </Avatar>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={700}>{authorName(selected)}</Text>
                {selected.author.bio ? (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {selected.author.bio}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
