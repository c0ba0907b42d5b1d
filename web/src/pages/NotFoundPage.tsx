import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCompass, IconHome } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { productName } from '../product';

export function NotFoundPage() {
  const { t } = useTranslation('site');
  useEffect(() => {
    document.title = t('notFound.documentTitle', { product: productName });
  }, [t]);

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" ta="center" gap="md" maw={420}>
        <ThemeIcon size={72} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink', deg: 135 }} aria-hidden>
          <IconCompass size={40} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" size="md" radius="xl" leftSection={<IconHome size={18} />}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
