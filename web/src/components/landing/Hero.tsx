import { Avatar, Badge, Box, Button, Container, Group, Paper, Select, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconMessageCircle, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { productName } from '../../product';

import { brandGradient } from './brand';
import { friendTypes } from './data';
import classes from './Landing.module.css';

const stats = [
  { value: '2.5K+', label: 'active students' },
  { value: '850+', label: 'connections made' },
] as const;

const promises = ['Joining is free', 'No endless swiping'] as const;

export function Hero() {
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
              AI matching, run by your campus
            </Badge>

            <Title id="hero-title" order={1} fz={{ base: 36, sm: 48, md: 56 }} className={classes.heroTitle}>
              Find your{' '}
              <Text component="span" inherit variant="gradient" gradient={brandGradient}>
                people
              </Text>{' '}
              on campus
            </Title>

            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={520}>
              Describe who you want to meet in plain words. {productName} interviews you, builds your profile and
              explains why each person is a good match for you: friends, activity partners or more.
            </Text>

            <Paper withBorder shadow="md" radius="lg" p={{ base: 'md', sm: 'lg' }} className={classes.searchCard}>
              <Stack gap="sm">
                <Select
                  label="I'm looking for a…"
                  placeholder="Choose a friend type"
                  data={friendTypes}
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
                  Find My Friend
                </Button>
                <Group gap="md" justify="center">
                  {promises.map((promise) => (
                    <Group key={promise} gap={6} wrap="nowrap">
                      <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
                      <Text size="sm" c="dimmed">
                        {promise}
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
                    {stat.value}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {stat.label}
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
                You asked for
              </Text>
              <Text size="sm">“Someone to watch old horror movies with on Friday nights, ideally near the north dorms.”</Text>
            </div>
          </Group>
        </Paper>

        <Paper shadow="xl" radius="lg" p="lg" withBorder className={classes.matchCard}>
          <Group justify="space-between" mb="md" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Avatar radius="xl" size="lg" variant="gradient" gradient={brandGradient}>
                L
              </Avatar>
              <div>
                <Text fw={700}>Leo</Text>
                <Text size="sm" c="dimmed">
                  Film Studies, 2nd year
                </Text>
              </div>
            </Group>
            <Badge variant="gradient" gradient={brandGradient} radius="xl">
              Movie Buddy
            </Badge>
          </Group>
          <Text size="xs" c="violet.7" fw={700} tt="uppercase" mb={6}>
            Why you match
          </Text>
          <Stack gap={6}>
            {['You both love 80s horror classics', 'Free on Friday evenings', 'Lives a five-minute walk away'].map((reason) => (
              <Group key={reason} gap={8} wrap="nowrap">
                <IconCheck size={16} color="var(--mantine-color-teal-6)" />
                <Text size="sm">{reason}</Text>
              </Group>
            ))}
          </Stack>
        </Paper>
        <Text size="xs" c="dimmed" ta="right">
          Example match
        </Text>
      </Stack>
    </Box>
  );
}
