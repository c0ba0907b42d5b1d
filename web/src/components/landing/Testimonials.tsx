import { ActionIcon, Avatar, Badge, Box, Container, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay, IconQuote } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { testimonials } from './data';
import classes from './Landing.module.css';

const rotationMs = 5000;

export function Testimonials() {
  const { t } = useTranslation('landing');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reduceMotion = useReducedMotion();
  const autoRotate = !reduceMotion && !paused && !hovered;

  // One timeout per shown testimonial: choosing one by hand restarts the countdown.
  useEffect(() => {
    if (!autoRotate) return;
    const timer = window.setTimeout(() => {
      setIndex((value) => (value + 1) % testimonials.length);
    }, rotationMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [autoRotate, index]);

  const current = testimonials[index] ?? testimonials[0];
  if (!current) return null;

  const showPrevious = () => {
    setIndex((value) => (value - 1 + testimonials.length) % testimonials.length);
  };
  const showNext = () => {
    setIndex((value) => (value + 1) % testimonials.length);
  };
  const togglePaused = () => {
    setPaused((value) => !value);
  };

  return (
    <Box component="section" className={classes.testimonials} py={{ base: 56, md: 80 }} aria-labelledby="testimonials-title">
      <Container size="md">
        <Stack
          align="center"
          gap="lg"
          onMouseEnter={() => {
            setHovered(true);
          }}
          onMouseLeave={() => {
            setHovered(false);
          }}
        >
          <Group gap="xs" justify="center">
            <Text id="testimonials-title" c="white" fw={700} fz={{ base: 'lg', sm: 'xl' }}>
              {t('testimonials.title')}
            </Text>
            <Badge variant="white" color="violet" radius="xl">
              {t('testimonials.sample')}
            </Badge>
          </Group>

          <IconQuote size={40} color="rgba(255, 255, 255, 0.5)" aria-hidden />

          <Box
            aria-live={autoRotate ? 'off' : 'polite'}
            aria-atomic
            mih={{ base: 190, sm: 150 }}
            w="100%"
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <Stack key={index} gap="md" align="center" className={classes.quote}>
              <Text component="blockquote" c="white" fz={{ base: 'lg', sm: 22 }} fw={500} ta="center" lh={1.5} m={0} maw={680}>
                {t('testimonials.quote', { quote: t(`testimonials.${current.id}.quote`) })}
              </Text>
              <Group gap="sm" wrap="nowrap">
                <Avatar variant="white" color="violet" radius="xl" aria-hidden>
                  {current.name.charAt(0)}
                </Avatar>
                <div>
                  <Text c="white" fw={700}>
                    {current.name}
                  </Text>
                  <Text c="rgba(255, 255, 255, 0.8)" size="sm">
                    {t(`testimonials.${current.id}.program`)}
                  </Text>
                </div>
              </Group>
            </Stack>
          </Box>

          <Group gap="xs" wrap="nowrap">
            <ActionIcon variant="subtle" color="white" radius="xl" size="lg" onClick={showPrevious} aria-label={t('testimonials.previous')}>
              <IconChevronLeft size={20} />
            </ActionIcon>
            <Group gap={0} wrap="nowrap">
              {testimonials.map((testimonial, dotIndex) => (
                <UnstyledButton
                  key={testimonial.id}
                  className={classes.dot}
                  data-active={dotIndex === index || undefined}
                  aria-label={t('testimonials.show', { number: dotIndex + 1, total: testimonials.length })}
                  aria-current={dotIndex === index}
                  onClick={() => {
                    setIndex(dotIndex);
                  }}
                />
              ))}
            </Group>
            <ActionIcon variant="subtle" color="white" radius="xl" size="lg" onClick={showNext} aria-label={t('testimonials.next')}>
              <IconChevronRight size={20} />
            </ActionIcon>
            {!reduceMotion && (
              <ActionIcon
                variant="subtle"
                color="white"
                radius="xl"
                size="lg"
                onClick={togglePaused}
                aria-label={paused ? t('testimonials.resume') : t('testimonials.pause')}
              >
                {paused ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
              </ActionIcon>
            )}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
