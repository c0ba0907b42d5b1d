import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { productName } from '../../product';

import classes from './Landing.module.css';

export function ClosingCta() {
  return (
    <Box component="section" py={{ base: 56, md: 96 }} aria-labelledby="cta-title">
      <Container size="md">
        <Box className={classes.cta} p={{ base: 'xl', sm: 48 }} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Stack align="center" ta="center" gap="md">
            <Title id="cta-title" order={2} c="white" fz={{ base: 26, sm: 36 }}>
              Your people are already on campus
            </Title>
            <Text c="rgba(255, 255, 255, 0.9)" fz={{ base: 'md', sm: 'lg' }} maw={520}>
              Tell {productName} who you are looking for. It takes a few minutes, and joining is free.
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
              Start Finding Friends
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
