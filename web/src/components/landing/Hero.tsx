import { Avatar, Badge, Box, Button, Container, Group, Paper, Select, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconMessageCircle, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useFormat } from '../../i18n/useFormat';
import { productName } from '../../product';

import { brandGradient } from './brand';
import { friendTypes } from './data';
import classes from './Landing.module.css';

const stats = [
  { value: 2500, label: 'hero.students' },
  { value: 850, label: 'hero.connections' },
] as const;

const promises = ['hero.free', 'hero.noSwiping'] as const;

/** The example match: a first name, the same in every language. */
const exampleName = 'Leo';

/** Why the example match fits, in the order shown. */
const reasons = ['preview.horror', 'preview.friday', 'preview.nearby'] as const;

export function Hero() {
  const { t } = useTranslation('landing');
  const { number } = useFormat();
  const [friendType, setFriendType] = useState<string | null>(null);

  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 48, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 48, md: 64 }} style={{ alignItems: 'center' }}>
          <Stack gap="lg">
            <Badge
              variant="light"
              color="violet"
              size="lg"
              radius="xl"
              leftSection={<IconSparkles size={14} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('hero.badge')}
            </Badge>

            <Title id="hero-title" order={1} fz={{ base: 36, sm: 48, md: 56 }} className={classes.heroTitle}>
              <Trans
                t={t}
                i18nKey="hero.title"
                components={{ people: <Text component="span" inherit variant="gradient" gradient={brandGradient} /> }}
              />
            </Title>

            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={520}>
              {t('hero.lead', { product: productName })}
            </Text>

            <Paper withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 'lg' }} className={classes.searchCard}>
              <Stack gap="sm">
                <Select
                  label={t('hero.lookingFor')}
                  placeholder={t('hero.chooseType')}
                  data={friendTypes.map((type) => ({ value: type, label: t(`friendTypes.${type}`) }))}
                  value={friendType}
                  onChange={setFriendType}
                  allowDeselect={false}
                  size="md"
                  radius="md"
                  maxDropdownHeight={400}
                  comboboxProps={{ shadow: 'md' }}
                />
                <Button
                  component={Link}
                  to="/auth"
                  state={friendType ? { friendType } : undefined}
                  size="md"
                  radius="md"
                  variant="gradient"
                  gradient={brandGradient}
                  rightSection={<IconArrowRight size={18} />}
                  fullWidth
                >
                  {t('hero.findMyFriend')}
                </Button>
                <Group gap="md" justify="center">
                  {promises.map((promise) => (
                    <Group key={promise} gap={6} wrap="nowrap">
                      <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
                      <Text size="sm" c="dimmed">
                        {t(promise)}
                      </Text>
                    </Group>
                  ))}
                </Group>
              </Stack>
            </Paper>

            <Group gap="xl">
              {stats.map((stat) => (
                <div key={stat.label}>
                  <Text fz={28} fw={800} variant="gradient" gradient={brandGradient} lh={1.1}>
                    {`${number(stat.value, { notation: 'compact', maximumFractionDigits: 1 })}+`}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(stat.label)}
                  </Text>
                </div>
              ))}
            </Group>
          </Stack>

          <MatchPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

// An illustration of what a match looks like; shown on wider screens only to keep phones short.
function MatchPreview() {
  const { t } = useTranslation('landing');
  return (
    <Box visibleFrom="md" aria-hidden>
      <Stack gap="md" maw={440} ml="auto">
        <Paper shadow="sm" radius="lg" p="md" withBorder>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" color="violet" radius="xl" size="lg">
              <IconMessageCircle size={18} />
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {t('preview.askedFor')}
              </Text>
              <Text size="sm">{t('preview.request')}</Text>
            </div>
          </Group>
        </Paper>

        <Paper shadow="xl" radius="lg" p="lg" withBorder className={classes.matchCard}>
          <Group justify="space-between" mb="md" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Avatar radius="xl" size="lg" variant="gradient" gradient={brandGradient}>
                {exampleName.charAt(0)}
              </Avatar>
              <div>
                <Text fw={700}>{exampleName}</Text>
                <Text size="sm" c="dimmed">
                  {t('preview.program')}
                </Text>
              </div>
            </Group>
            <Badge variant="gradient" gradient={brandGradient} radius="xl">
              {t('friendTypes.movieBuddy')}
            </Badge>
          </Group>
          <Text size="xs" c="violet.7" fw={700} tt="uppercase" mb={6}>
            {t('preview.whyYouMatch')}
          </Text>
          <Stack gap={6}>
            {reasons.map((reason) => (
              <Group key={reason} gap={8} wrap="nowrap">
                <IconCheck size={16} color="var(--mantine-color-teal-6)" />
                <Text size="sm">{t(reason)}</Text>
              </Group>
            ))}
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" ta="right">
          {t('preview.example')}
        </Text>
      </Stack>
    </Box>
  );
}
