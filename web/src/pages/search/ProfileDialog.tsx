import { Alert, Avatar, Badge, Button, Group, List, Loader, Modal, Paper, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconBriefcase,
  IconCrown,
  IconHeart,
  IconHeartFilled,
  IconMail,
  IconMapPin,
  IconRosetteDiscountCheckFilled,
  IconSparkles,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import { notify } from '../../features/auth/notify';
import { useLike } from '../../features/likes/api';
import { SafetyMenu } from '../../features/moderation/SafetyMenu';
import type { SearchResult } from '../../features/search/api';
import { useAnalysis } from '../../features/search/useAnalysis';
import { formatMatch } from './ResultCard';
import classes from './Search.module.css';

function Section({ title, badge, children }: { title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={8} component="section" aria-label={title}>
      <Group gap={8}>
        <Title order={3} fz={13} fw={800} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
          {title}
        </Title>
        {badge}
      </Group>
      {children}
    </Stack>
  );
}

function FirstMomentView({ result }: { result: SearchResult }) {
  const { t } = useTranslation('search');
  const moment = result.firstMoment;
  if (!moment) return <Text c="dimmed">{t('profile.noMoment')}</Text>;
  return (
    <Stack gap={6}>
      {moment.type === 'image' && moment.imageUrl ? <img className={classes.dialogMedia} src={moment.imageUrl} alt={moment.caption ?? t('profile.momentAlt', { name: result.name })} /> : null}
      {moment.type === 'video' && moment.videoUrl ? (
        <video className={classes.dialogMedia} src={moment.videoUrl} controls playsInline preload="metadata" aria-label={t('profile.videoLabel', { name: result.name })} />
      ) : null}
      {moment.type === 'text' ? <div className={classes.dialogText}>{moment.textContent}</div> : null}
      {moment.caption && moment.type !== 'text' ? (
        <Text size="sm" c="dimmed">
          {moment.caption}
        </Text>
      ) : null}
    </Stack>
  );
}

function Bullets({ items }: { items: string[] }) {
  return (
    <List spacing={4} size="sm">
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

/** A contact value as a link when it is an address or a web page, else as text. */
function ContactValue({ value }: { value: string }) {
  const href = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? `mailto:${value}` : /^https?:\/\/\S+$/i.test(value) ? value : null;
  const style = { overflowWrap: 'anywhere' } as const;
  if (!href) return <Text span size="sm" style={style}>{value}</Text>;
  return (
    <Text span size="sm" component="a" href={href} target={href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer" c="violet.8" fw={600} style={style}>
      {value}
    </Text>
  );
}

function DialogBody({ result, query, showMatch, onClose }: { result: SearchResult; query: string; showMatch: boolean; onClose: () => void }) {
  const { t } = useTranslation('search');
  const { liked, saving, toggle } = useLike(result.id);
  const { state: analysis, start } = useAnalysis(result.id, query);
  const [contactShown, setContactShown] = useState(false);
  const analysisRef = useRef<HTMLDivElement>(null);

  // The analysis appears below the fold: bring it into view once it is there.
  useEffect(() => {
    if (analysis.status === 'completed' || analysis.status === 'failed') analysisRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [analysis.status]);
  const background = result.enhancedBackground || result.bio;
  const entries: [string, string | null][] = [
    [t('profile.personalityType'), result.personalityType],
    [t('profile.socialStyle'), result.socialStyle],
    [t('profile.relationshipStyle'), result.relationshipStyle],
  ];
  const personality = entries.filter((entry): entry is [string, string] => Boolean(entry[1]));
  const scoreEntries: [string, number | null][] = [
    [t('profile.personalityMatch'), result.personalityMatch],
    [t('profile.lifestyleAlignment'), result.lifestyleAlignment],
    [t('profile.growthPotential'), result.growthPotential],
  ];
  const scores = scoreEntries.filter((entry): entry is [string, number] => entry[1] !== null);
  const contacts = result.contactInfo?.available ? (result.contactInfo.entries ?? []) : [];

  const quickContact = () => {
    if (result.contactInfo?.premiumOnly) {
      notify('info', t('profile.premiumTitle'), t('profile.premiumText', { name: result.name }));
      return;
    }
    if (contacts.length === 0) {
      notify('info', t('profile.noContactTitle'), t('profile.noContactText', { name: result.name }));
      return;
    }
    setContactShown(true);
  };

  const detailed = () => {
    if (!query) {
      notify('info', t('profile.detailedTitle'), t('profile.detailedNoQuery'));
      return;
    }
    start();
  };

  return (
    <Stack gap="lg">
      <Section title={t('profile.firstMoment')}>
        <FirstMomentView result={result} />
      </Section>

      <Section title={t('profile.basicInfo')}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={result.avatarUrl} alt="" size={64} radius="xl" color="violet" variant="light">
            {result.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={800} fz={20} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                {result.name}
              </Text>
              {result.isVip ? <IconCrown size={20} color="var(--mantine-color-yellow-6)" aria-label={t('profile.vip')} role="img" /> : null}
              {result.campusVerified ? (
                <Tooltip label={t('profile.verified')} withArrow>
                  <IconRosetteDiscountCheckFilled size={20} color="var(--mantine-color-teal-7)" aria-label={t('profile.verified')} role="img" data-testid="verified-mark" />
                </Tooltip>
              ) : null}
              {showMatch ? (
                <Badge variant="gradient" gradient={brandGradient} size="md" style={{ flexShrink: 0 }}>
                  {t('profile.match', { match: formatMatch(result.matchPercentage) })}
                </Badge>
              ) : null}
            </Group>
            <Group gap={12} c="dimmed" fz="sm">
              <Group gap={4} wrap="nowrap">
                <IconUser size={15} aria-hidden />
                <span>{result.age}</span>
              </Group>
              <Group gap={4} wrap="nowrap">
                <IconMapPin size={15} aria-hidden />
                <span>{result.location}</span>
              </Group>
              <Group gap={4} wrap="nowrap">
                <IconBriefcase size={15} aria-hidden />
                <span>{result.profession}</span>
              </Group>
            </Group>
          </Stack>
        </Group>
        {result.interests.length > 0 ? (
          <Group gap={6} aria-label={t('profile.interests')}>
            {result.interests.map((interest) => (
              <Badge key={interest} variant="light" color="violet" tt="none" fw={600}>
                {interest}
              </Badge>
            ))}
          </Group>
        ) : null}
        {result.whyMatch ? (
          <Paper radius="md" p="sm" bg="violet.0">
            <Text size="sm" c="violet.9">
              {result.whyMatch}
            </Text>
          </Paper>
        ) : null}
      </Section>

      <Section
        title={t('profile.background')}
        badge={
          <Badge size="sm" variant="gradient" gradient={brandGradient} leftSection={<IconSparkles size={12} />}>
            {t('profile.aiEnhanced')}
          </Badge>
        }
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {background || t('profile.noBackground')}
        </Text>
      </Section>

      {personality.length > 0 || result.coreValues.length > 0 ? (
        <Section title={t('profile.personality')}>
          <Stack gap={6}>
            {personality.map(([name, value]) => (
              <Text size="sm" key={name}>
                <Text span fw={700}>
                  {t('profile.labelled', { label: name })}
                </Text>{' '}
                {value}
              </Text>
            ))}
            {result.coreValues.length > 0 ? (
              <Text size="sm">
                <Text span fw={700}>
                  {t('profile.coreValues')}
                </Text>{' '}
                {result.coreValues.join(', ')}
              </Text>
            ) : null}
          </Stack>
        </Section>
      ) : null}

      {scores.length > 0 ? (
        <Section title={t('profile.scores')}>
          <Stack gap={8}>
            {scores.map(([name, value]) => (
              <Stack gap={2} key={name}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {t('profile.percent', { value })}
                  </Text>
                </Group>
                <Progress value={value} color="violet" radius="xl" size="sm" aria-label={t('profile.scoreLabel', { name, value })} />
              </Stack>
            ))}
          </Stack>
        </Section>
      ) : null}

      {analysis.status !== 'idle' ? (
        <Stack gap="lg" ref={analysisRef}>
          {analysis.status === 'loading' ? (
            <Group gap="sm" role="status">
              <Loader size="sm" color="violet" />
              <Text size="sm" c="dimmed">
                {t('profile.analyzing')}
              </Text>
            </Group>
          ) : null}
          {analysis.status === 'failed' ? (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('profile.analysisFailed')}>
              <Stack gap={8} align="flex-start">
                <Text size="sm">{analysis.timedOut ? t('profile.tooLong') : analysis.message === null || analysis.message === 'Analysis failed' ? t('profile.tryLater') : analysis.message}</Text>
                <Button size="compact-sm" variant="light" color="red" onClick={start}>
                  {t('profile.tryAgain')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {analysis.status === 'completed' ? (
            <>
              {analysis.data.compatibilityAnalysis ? (
                <Section title={t('profile.compatibilityAnalysis')}>
                  <Text size="sm">{analysis.data.compatibilityAnalysis}</Text>
                </Section>
              ) : null}
              {analysis.data.sharedInterests.length > 0 ? (
                <Section title={t('profile.sharedInterests')}>
                  <Bullets items={analysis.data.sharedInterests} />
                </Section>
              ) : null}
              {analysis.data.conversationStarters.length > 0 ? (
                <Section title={t('profile.conversationStarters')}>
                  <Bullets items={analysis.data.conversationStarters} />
                </Section>
              ) : null}
              {analysis.data.potentialChallenges.length > 0 ? (
                <Section title={t('profile.potentialChallenges')}>
                  <Bullets items={analysis.data.potentialChallenges} />
                </Section>
              ) : null}
            </>
          ) : null}
        </Stack>
      ) : null}

      {contactShown && contacts.length > 0 ? (
        <Alert color="violet" icon={<IconMail size={18} />} title={t('profile.contact')}>
          <Stack gap={4}>
            {contacts.map((contact, index) => (
              <Text size="sm" key={`${contact.label}-${String(index)}`}>
                <Text span fw={700}>
                  {t('profile.labelled', { label: contact.label })}
                </Text>{' '}
                <ContactValue value={contact.value} />
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      <Group className={classes.actions} gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" leftSection={<IconMail size={16} />} onClick={quickContact}>
            {t('profile.quickContact')}
          </Button>
          <Button variant="light" color="violet" leftSection={<IconSparkles size={16} />} loading={analysis.status === 'loading'} onClick={detailed}>
            {t('profile.detailed')}
          </Button>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Button
            variant={liked ? 'gradient' : 'default'}
            gradient={brandGradient}
            aria-pressed={liked}
            aria-label={liked ? t('profile.unlike', { name: result.name }) : t('profile.like', { name: result.name })}
            loading={saving}
            onClick={() => void toggle()}
            px="sm"
          >
            {liked ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
          </Button>
          <SafetyMenu profileId={result.id} name={result.name} onBlocked={onClose} />
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * The profile dialog (spec): opened from a result card, or from the liked profiles list (no query,
 * so no match percentage); Escape or the close button closes it.
 */
export function ProfileDialog({ result, query, onClose, showMatch = true }: { result: SearchResult | null; query: string; onClose: () => void; showMatch?: boolean }) {
  const { t } = useTranslation('search');
  const phone = useMediaQuery('(max-width: 575.98px)');
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={result?.name ?? ''}
      styles={{ title: { fontWeight: 800, fontSize: 18 } }}
      size="lg"
      radius="lg"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': t('profile.close') }}
      transitionProps={{ transition: 'pop', duration: 180 }}
    >
      {result ? <DialogBody key={result.id} result={result} query={query} showMatch={showMatch} onClose={onClose} /> : null}
    </Modal>
  );
}
