import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation('landing');
  useHashScroll();

  const title = t('documentTitle', { product: productName });
  useEffect(() => {
    document.title = title;
  }, [title]);

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
