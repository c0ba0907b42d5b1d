import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { productName } from '../../product';

import classes from './Landing.module.css';

export function ClosingCta() {
  const { t } = useTranslation('landing');
  return (
    <Box component="section" py={{ base: 56, md: 96 }} aria-labelledby="cta-title">
      <Container size="md">
        <Box className={classes.cta} p={{ base: 'xl', sm: 48 }} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Stack align="center" ta="center" gap="md">
            <Title id="cta-title" order={2} c="white" fz={{ base: 26, sm: 36 }}>
              {t('cta.title')}
            </Title>
            <Text c="rgba(255, 255, 255, 0.9)" fz={{ base: 'md', sm: 'lg' }} maw={520}>
              {t('cta.text', { product: productName })}
            </Text>
            <Button
              component={Link}
              to="/auth"
              size="lg"
              radius="xl"
              variant="white"
              color="violet"
              rightSection={<IconArrowRight size={20} />}
              mt="sm"
            >
              {t('cta.button')}
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
