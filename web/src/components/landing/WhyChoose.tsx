import { Box, Container, SimpleGrid } from '@mantine/core';
import { IconGift, IconScale, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { productName } from '../../product';

import { FeatureCard } from './FeatureCard';
import { SectionHeading } from './SectionHeading';

export function WhyChoose() {
  const { t } = useTranslation('landing');
  return (
    <Box component="section" py={{ base: 56, md: 96 }} aria-labelledby="why-choose-title">
      <Container size="lg">
        <SectionHeading
          id="why-choose-title"
          eyebrow={t('whyChoose.eyebrow')}
          title={t('whyChoose.title', { product: productName })}
          description={t('whyChoose.description')}
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <FeatureCard icon={IconShieldLock} title={t('whyChoose.privateTitle')}>
            {t('whyChoose.privateText', { product: productName })}
          </FeatureCard>
          <FeatureCard icon={IconScale} title={t('whyChoose.honestTitle')}>
            {t('whyChoose.honestText')}
          </FeatureCard>
          <FeatureCard icon={IconGift} title={t('whyChoose.freeTitle')}>
            {t('whyChoose.freeText')}
          </FeatureCard>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
