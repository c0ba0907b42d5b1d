import { Box, Container, SimpleGrid } from '@mantine/core';
import { IconGift, IconScale, IconShieldLock } from '@tabler/icons-react';

import { productName } from '../../product';

import { FeatureCard } from './FeatureCard';
import { SectionHeading } from './SectionHeading';

export function WhyChoose() {
  return (
    <Box component="section" py={{ base: 56, md: 96 }} aria-labelledby="why-choose-title">
      <Container size="lg">
        <SectionHeading
          id="why-choose-title"
          eyebrow="Why us"
          title={`Why Choose ${productName}`}
          description="A matching app that answers to your campus, not to advertisers."
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <FeatureCard icon={IconShieldLock} title="Private and campus-hosted">
            {productName} runs on your campus’s own server, AI included. No member data leaves the campus.
          </FeatureCard>
          <FeatureCard icon={IconScale} title="Honest matches with reasons">
            Each match tells you in plain words why you were paired: shared interests, matching plans, compatible schedules.
            You decide for yourself.
          </FeatureCard>
          <FeatureCard icon={IconGift} title="Free to join">
            Joining is free for every student, and there is no endless swiping designed to keep you hooked.
          </FeatureCard>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
