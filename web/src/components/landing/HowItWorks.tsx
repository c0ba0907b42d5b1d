import { Badge, Box, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageChatbot, IconMoodSmile, IconUsers } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { productName } from '../../product';

import { brandGradient, sectionScrollMargin } from './brand';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading';

interface Step {
  icon: Icon;
  title: 'howItWorks.vibeTitle' | 'howItWorks.profileTitle' | 'howItWorks.connectTitle';
  text: 'howItWorks.vibeText' | 'howItWorks.profileText' | 'howItWorks.connectText';
}

const steps: readonly Step[] = [
  { icon: IconMoodSmile, title: 'howItWorks.vibeTitle', text: 'howItWorks.vibeText' },
  { icon: IconMessageChatbot, title: 'howItWorks.profileTitle', text: 'howItWorks.profileText' },
  { icon: IconUsers, title: 'howItWorks.connectTitle', text: 'howItWorks.connectText' },
];

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <Box component="section" id="features" aria-labelledby="how-it-works-title" py={{ base: 56, md: 96 }} style={{ scrollMarginTop: sectionScrollMargin }}>
      <Container size="lg" id="how-it-works">
        <SectionHeading
          id="how-it-works-title"
          eyebrow={t('howItWorks.eyebrow')}
          title={t('howItWorks.title')}
          description={t('howItWorks.description', { product: productName })}
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {steps.map((step, index) => (
            <Card key={step.title} withBorder radius="lg" padding="xl" shadow="xs" className={classes.card}>
              <Group justify="space-between" mb="md">
                <ThemeIcon size={48} radius="md" variant="gradient" gradient={brandGradient} aria-hidden>
                  <step.icon size={26} stroke={1.6} />
                </ThemeIcon>
                <Badge variant="light" color="violet" radius="xl" size="lg" className={classes.stepNumber}>
                  {t('howItWorks.step', { number: index + 1 })}
                </Badge>
              </Group>
              <Title order={3} fz="lg" mb={6}>
                {t(step.title)}
              </Title>
              <Text size="sm" c="dimmed" lh={1.6}>
                {t(step.text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
