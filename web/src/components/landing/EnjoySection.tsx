import { Box, Container, SimpleGrid } from '@mantine/core';
import { IconBulb, IconSearch, IconSparkles, IconUsersGroup } from '@tabler/icons-react';

import { sectionScrollMargin } from './brand';
import { FeatureCard } from './FeatureCard';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading';

export function EnjoySection() {
  return (
    <Box
      component="section"
      id="enjoy"
      aria-labelledby="enjoy-title"
      py={{ base: 56, md: 96 }}
      className={classes.softSection}
      style={{ scrollMarginTop: sectionScrollMargin }}
    >
      <Container size="lg">
        <SectionHeading
          id="enjoy-title"
          eyebrow="Features"
          title="Enjoy the Fun Part"
          description="We take care of the awkward bits (writing a bio, searching, breaking the ice) so you can get straight to hanging out."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          <FeatureCard icon={IconSparkles} title="Smart AI Profiles">
            A short, friendly interview turns into a profile that sounds like you. Nothing is shown until you approve it.
          </FeatureCard>
          <FeatureCard icon={IconSearch} title="Natural Search">
            Type what you are after, like “someone to practise Spanish with over lunch”, and get people, not keywords.
          </FeatureCard>
          <FeatureCard icon={IconBulb} title="Why-Match">
            Every suggestion explains itself: shared interests, overlapping schedules, the things you both care about.
          </FeatureCard>
          <FeatureCard icon={IconUsersGroup} title="Community-First">
            Built for one campus and run by it. Meet students near you, at your own pace, and stay in control of what you share.
          </FeatureCard>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
