import { Avatar, Badge, Box, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconCheck, IconConfetti, IconHeart, IconMessageCircle, IconSearch, IconSparkles } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import { useFormat } from '../../i18n/useFormat';
import { productName } from '../../product';

import classes from './AuthDemo.module.css';
import type { DemoSceneId } from './demoScenes';
import { demoMatches, demoProfile, demoScenes } from './demoScenes';

/** A score out of 100 as the reader writes a percentage (95%, 95 %). */
function usePercent(): (score: number) => string {
  const { number } = useFormat();
  return (score) => number(score / 100, { style: 'percent' });
}

/**
 * The animated walk-through beside (desktop) or under (phones) the auth form. Scenes loop forever;
 * visitors who prefer reduced motion still see the scenes change, only without typing and motion.
 * Decorative: hidden from screen readers, whose users get the same story from the landing page.
 */
export function AuthDemo() {
  const { t } = useTranslation('auth');
  const [index, setIndex] = useState(0);
  const reduceMotion = useReducedMotion();
  const scene = demoScenes[index] ?? demoScenes[0];

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setIndex((value) => (value + 1) % demoScenes.length);
    }, scene.durationMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [scene]);

  return (
    <div className={classes.demo} data-reduce-motion={reduceMotion || undefined} data-scene={scene.id} aria-hidden>
      <div className={classes.blobA} />
      <div className={classes.blobB} />
      <Stack gap="lg" className={classes.inner}>
        <Stack gap={6} className={classes.intro}>
          <Badge variant="white" color="violet" radius="xl" leftSection={<IconSparkles size={12} />} style={{ alignSelf: 'flex-start' }}>
            {t('demo.badge', { product: productName })}
          </Badge>
          <Title order={2} c="white" fz={{ base: 22, sm: 30 }} lh={1.2} className={classes.introTitle}>
            {t('demo.title')}
          </Title>
        </Stack>

        <div className={classes.stage}>
          <div key={scene.id} className={classes.scene}>
            <Scene id={scene.id} durationMs={scene.durationMs} reduceMotion={reduceMotion} />
          </div>
        </div>

        <Stack gap={8}>
          <div className={classes.steps}>
            {demoScenes.map((step, stepIndex) => (
              <div key={step.id} className={classes.step} data-state={stepIndex < index ? 'done' : stepIndex === index ? 'current' : undefined}>
                {stepIndex === index && (
                  <div key={index} className={classes.stepFill} style={{ '--step-ms': `${String(step.durationMs)}ms` } as CSSProperties} />
                )}
              </div>
            ))}
          </div>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text c="white" fw={600} size="sm">
              {t('demo.step', { number: index + 1, caption: t(`demo.scenes.${scene.id}`) })}
            </Text>
            <Text c="rgba(255, 255, 255, 0.75)" size="xs">
              {t('demo.sample')}
            </Text>
          </Group>
        </Stack>
      </Stack>
    </div>
  );
}

interface SceneProps {
  id: DemoSceneId;
  durationMs: number;
  reduceMotion: boolean;
}

function Scene({ id, durationMs, reduceMotion }: SceneProps) {
  switch (id) {
    case 'typing':
      return <TypingScene durationMs={durationMs} reduceMotion={reduceMotion} />;
    case 'profile':
      return <ProfileScene />;
    case 'search':
      return <SearchScene durationMs={durationMs} reduceMotion={reduceMotion} />;
    case 'analyzing':
      return <AnalyzingScene />;
    case 'discover':
      return <DiscoverScene />;
    case 'matching':
      return <MatchingScene />;
    case 'success':
      return <SuccessScene />;
  }
}

/** Types `text` out over `durationMs`; shows it whole at once for reduced motion. */
function TypedText({ text, durationMs, reduceMotion }: { text: string; durationMs: number; reduceMotion: boolean }) {
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (reduceMotion) return;
    let typed = 0;
    const timer = window.setInterval(
      () => {
        typed += 1;
        setCount(typed);
        if (typed >= text.length) window.clearInterval(timer);
      },
      Math.max(16, durationMs / text.length),
    );
    return () => {
      window.clearInterval(timer);
    };
  }, [text, durationMs, reduceMotion]);

  const done = reduceMotion || count >= text.length;
  // The whole text, invisible, holds the final size so the bubble does not grow while typing.
  return (
    <span className={classes.typed}>
      <span className={classes.typedGhost}>{text}</span>
      <span data-typed>
        {reduceMotion ? text : text.slice(0, count)}
        {!done && <span className={classes.caret} />}
      </span>
    </span>
  );
}

function TypingScene({ durationMs, reduceMotion }: Omit<SceneProps, 'id'>) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md" justify="center" h="100%">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="gradient" gradient={brandGradient} radius="xl" size="lg">
          <IconSparkles size={18} />
        </ThemeIcon>
        <div className={classes.bubbleAi}>{t('demo.aiQuestion')}</div>
      </Group>
      <div className={classes.bubbleUser}>
        <TypedText text={t('demo.intro')} durationMs={durationMs * 0.7} reduceMotion={reduceMotion} />
      </div>
    </Stack>
  );
}

function ProfileScene() {
  const { t } = useTranslation('auth');
  const percent = usePercent();
  return (
    <Stack gap="md" justify="center" h="100%">
      <Group gap="sm" wrap="nowrap">
        <Avatar size={52} radius="xl" variant="gradient" gradient={brandGradient}>
          {demoProfile.name.charAt(0)}
        </Avatar>
        <div>
          <Text fw={700} fz="lg" lh={1.2}>
            {demoProfile.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('demo.program')}
          </Text>
        </div>
      </Group>
      <div>
        <Group justify="space-between" mb={6}>
          <Text size="xs" fw={700} tt="uppercase" c="violet.7">
            {t('demo.completion')}
          </Text>
          <Text size="sm" fw={700}>
            {percent(demoProfile.completion)}
          </Text>
        </Group>
        <div className={classes.bar}>
          <div className={classes.barFill} style={{ '--bar-value': `${String(demoProfile.completion)}%` } as CSSProperties} />
        </div>
      </div>
      <Group gap={6}>
        {demoProfile.interests.map((interest, interestIndex) => (
          <Badge
            key={interest}
            variant="light"
            color={interestIndex % 2 === 0 ? 'violet' : 'pink'}
            radius="xl"
            tt="none"
            fw={600}
            className={classes.pop}
            style={{ animationDelay: `${String(600 + interestIndex * 250)}ms` }}
          >
            {t(`demo.interests.${interest}`)}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed" className={classes.pop} style={{ animationDelay: '1700ms' }}>
        {t('demo.bio')}
      </Text>
    </Stack>
  );
}

/** The friend types offered under the search box (the landing page's words). */
const searchChips = ['studyPartner', 'movieBuddy', 'workoutFriend'] as const;

function SearchScene({ durationMs, reduceMotion }: Omit<SceneProps, 'id'>) {
  const { t } = useTranslation(['auth', 'landing']);
  return (
    <Stack gap="md" justify="center" h="100%">
      <Text fw={700}>{t('demo.searchQuestion')}</Text>
      <div className={classes.searchBox}>
        <IconSearch size={18} color="var(--mantine-color-violet-6)" style={{ flex: 'none', marginTop: 2 }} />
        <Text size="sm" lh={1.5}>
          <TypedText text={t('demo.search')} durationMs={durationMs * 0.65} reduceMotion={reduceMotion} />
        </Text>
      </div>
      <Group gap={6}>
        {searchChips.map((chip) => (
          <Badge key={chip} variant="outline" color="gray" radius="xl" fw={500} tt="none">
            {t(`landing:friendTypes.${chip}`)}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

function AnalyzingScene() {
  const { t } = useTranslation('auth');
  const checks = ['interests', 'time', 'vibe'] as const;
  return (
    <Stack gap="lg" justify="center" align="center" h="100%">
      <div className={classes.pulse}>
        <ThemeIcon variant="gradient" gradient={brandGradient} radius={999} size={64}>
          <IconSparkles size={32} />
        </ThemeIcon>
      </div>
      <Text fw={700}>{t('demo.analyzing')}</Text>
      <Stack gap={8} w="100%" maw={240}>
        {checks.map((check, checkIndex) => (
          <Group key={check} gap={8} wrap="nowrap" className={classes.pop} style={{ animationDelay: `${String(300 + checkIndex * 550)}ms` }}>
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={13} />
            </ThemeIcon>
            <Text size="sm">{t(`demo.checks.${check}`)}</Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function DiscoverScene() {
  const { t } = useTranslation('auth');
  const percent = usePercent();
  return (
    <Stack gap="sm" justify="center" h="100%">
      <Text size="xs" fw={700} tt="uppercase" c="violet.7">
        {t('demo.topMatches')}
      </Text>
      {demoMatches.map((match, matchIndex) => (
        <Group
          key={match.name}
          gap="sm"
          wrap="nowrap"
          className={`${classes.matchRow} ${classes.slideIn}`}
          style={{ animationDelay: `${String(matchIndex * 450)}ms` }}
        >
          <Avatar radius="xl" color={['violet', 'pink', 'grape'][matchIndex]} variant="filled">
            {match.name.charAt(0)}
          </Avatar>
          <Box miw={0} style={{ flex: 1 }}>
            <Text fw={700} size="sm" lh={1.3}>
              {match.name}
            </Text>
            <Text size="xs" c="dimmed" lh={1.35} truncate>
              {t(`demo.matches.${match.id}.program`)}
            </Text>
            <Text size="xs" c="violet.7" fw={500} lh={1.35} truncate>
              {t(`demo.matches.${match.id}.reason`)}
            </Text>
          </Box>
          <Badge variant="gradient" gradient={brandGradient} radius="xl" size="lg" className={classes.score}>
            {percent(match.score)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

function MatchingScene() {
  const { t } = useTranslation('auth');
  const percent = usePercent();
  const [best] = demoMatches;
  return (
    <Stack gap="md" justify="center" align="center" h="100%" ta="center">
      <Group gap="md" wrap="nowrap">
        <Avatar size={60} radius="xl" variant="gradient" gradient={brandGradient} className={classes.slideFromLeft}>
          {demoProfile.name.charAt(0)}
        </Avatar>
        <div className={classes.heart}>
          <IconHeart size={28} fill="currentColor" />
        </div>
        <Avatar size={60} radius="xl" color="violet" variant="filled" className={classes.slideFromRight}>
          {best.name.charAt(0)}
        </Avatar>
      </Group>
      <div>
        <Text fw={800} fz="lg">
          {t('demo.matchScore', { name: best.name, score: percent(best.score) })}
        </Text>
        <Text size="sm" c="dimmed" maw={300}>
          {t('demo.matchReason')}
        </Text>
      </div>
      <Group gap={6} className={classes.sayHi} wrap="nowrap">
        <IconMessageCircle size={16} />
        {t('demo.sayHi', { name: best.name })}
      </Group>
    </Stack>
  );
}

function SuccessScene() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="sm" justify="center" align="center" h="100%" ta="center">
      <ThemeIcon variant="gradient" gradient={brandGradient} radius={999} size={72} className={classes.pop}>
        <IconConfetti size={38} />
      </ThemeIcon>
      <Title order={3} fz={{ base: 24, sm: 28 }} lh={1.2} className={classes.headline}>
        <Text span inherit variant="gradient" gradient={brandGradient}>
          {t('demo.headline')}
        </Text>
      </Title>
      <Text size="sm" c="dimmed">
        {t('demo.closing')}
      </Text>
    </Stack>
  );
}
