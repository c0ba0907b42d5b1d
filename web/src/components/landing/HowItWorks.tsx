import { Badge, Box, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageChatbot, IconMoodSmile, IconUsers } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

import { productName } from '../../product';

import { brandGradient, sectionScrollMargin } from './brand';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading';

interface Step {
  icon: Icon;
  title: string;
  text: string;
}

const steps: readonly Step[] = [
  {
    icon: IconMoodSmile,
    title: 'Tell your vibe',
    text: 'Say who you want to meet in your own words: a 7 am gym buddy, someone to swap novels with, or something more.',
  },
  {
    icon: IconMessageChatbot,
    title: 'AI builds your profile',
    text: 'A friendly AI running on your campus server asks a few questions and drafts your profile. You edit it before anyone sees it.',
  },
  {
    icon: IconUsers,
    title: 'Connect in real life',
    text: 'Browse matches that each come with a plain-language reason, say hi, and meet up for coffee, a game or a run.',
  },
];

export function HowItWorks() {
  return (
    <Box component="section" id="features" aria-labelledby="how-it-works-title" py={{ base: 56, md: 96 }} style={{ scrollMarginTop: sectionScrollMargin }}>
      <Container size="lg" id="how-it-works">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How It Works"
          title="Three steps to your people"
          description={`No forms to fill in and no endless swiping. ${productName} does the legwork so you can spend time with people, not apps.`}
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {steps.map((step, index) => (
            <Card key={step.title} withBorder radius="lg" padding="xl" shadow="xs" className={classes.card}>
              <Group justify="space-between" mb="md">
                <ThemeIcon size={48} radius="md" variant="gradient" gradient={brandGradient} aria-hidden>
                  <step.icon size={26} stroke={1.6} />
                </ThemeIcon>
                <Badge variant="light" color="violet" radius="xl" size="lg" className={classes.stepNumber}>
                  Step {index + 1}
                </Badge>
              </Group>
              <Title order={3} fz="lg" mb={6}>
                {step.title}
              </Title>
              <Text size="sm" c="dimmed" lh={1.6}>
                {step.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
