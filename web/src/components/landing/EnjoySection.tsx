import { Box, Container, SimpleGrid } from '@mantine/core';
import { IconBulb, IconSearch, IconSparkles, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { sectionScrollMargin } from './brand';
import { FeatureCard } from './FeatureCard';
import classes from './Landing.module.css';
import { SectionHeading } from './SectionHeading';

export function EnjoySection() {
  const { t } = useTranslation('landing');
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
        <SectionHeading id="enjoy-title" eyebrow={t('enjoy.eyebrow')} title={t('enjoy.title')} description={t('enjoy.description')} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          <FeatureCard icon={IconSparkles} title={t('enjoy.profilesTitle')}>
            {t('enjoy.profilesText')}
          </FeatureCard>
          <FeatureCard icon={IconSearch} title={t('enjoy.searchTitle')}>
            {t('enjoy.searchText')}
          </FeatureCard>
          <FeatureCard icon={IconBulb} title={t('enjoy.whyMatchTitle')}>
            {t('enjoy.whyMatchText')}
          </FeatureCard>
          <FeatureCard icon={IconUsersGroup} title={t('enjoy.communityTitle')}>
            {t('enjoy.communityText')}
          </FeatureCard>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
