import { Box } from '@mantine/core';
import { useEffect } from 'react';

import { ClosingCta } from '../components/landing/ClosingCta';
import { EnjoySection } from '../components/landing/EnjoySection';
import { Hero } from '../components/landing/Hero';
import { HowItWorks } from '../components/landing/HowItWorks';
import { LandingFooter } from '../components/landing/LandingFooter';
import { LandingNav } from '../components/landing/LandingNav';
import { Testimonials } from '../components/landing/Testimonials';
import { useHashScroll } from '../components/landing/useHashScroll';
import { WhyChoose } from '../components/landing/WhyChoose';
import { productName } from '../product';

export function LandingPage() {
  useHashScroll();

  useEffect(() => {
    document.title = `${productName}: find your people on campus`;
  }, []);

  return (
    <Box style={{ overflowX: 'clip' }}>
      <LandingNav />
      <Box component="main">
        <Hero />
        <HowItWorks />
        <EnjoySection />
        <WhyChoose />
        <Testimonials />
        <ClosingCta />
      </Box>
      <LandingFooter />
    </Box>
  );
}
