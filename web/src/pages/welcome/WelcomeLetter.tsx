import { Badge, Box, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import { errorMessage } from '../../features/auth/notify';
import type { Letter } from '../../features/welcome/letter';
import classes from './Welcome.module.css';

interface Props {
  letter: Letter | null;
  error?: Error;
  onRetry: () => void;
  /** The id of the title, for a dialog's aria-labelledby. */
  titleId?: string;
  /** In a dialog: the letter itself takes the focus, so reading starts at its top. */
  focusFirst?: boolean;
}

/** The welcome letter itself, as on paper: the Pioneer badge, the text, the signature. */
export function WelcomeLetter({ letter, error, onRetry, titleId, focusFirst = false }: Props) {
  const { t } = useTranslation('welcome');
  if (!letter) {
    return (
      <Center py="xl">
        {error ? (
          <Stack align="center" gap="xs" ta="center">
            <Text fw={600}>{t('load.failed')}</Text>
            <Text c="dimmed" size="sm">
              {errorMessage(error)}
            </Text>
            <Button variant="light" onClick={onRetry}>
              {t('load.tryAgain')}
            </Button>
          </Stack>
        ) : (
          <Loader color="violet" type="dots" aria-label={t('load.loading')} />
        )}
      </Center>
    );
  }

  return (
    <article className={classes.letter} aria-labelledby={titleId} tabIndex={focusFirst ? -1 : undefined} data-autofocus={focusFirst || undefined}>
      <Stack gap="lg">
        <Badge size="lg" radius="xl" variant="gradient" gradient={brandGradient} leftSection={<IconAward size={16} />} className={classes.badge}>
          {letter.badge}
        </Badge>
        <Title order={2} id={titleId} className={classes.letterTitle}>
          {letter.title}
        </Title>
        <Stack gap="md" className={classes.letterBody}>
          <Text fw={600}>{letter.greeting}</Text>
          {letter.paragraphs.map((paragraph) =>
            paragraph.gift ? (
              <Box key={paragraph.key} className={classes.gift}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={36} radius="xl" variant="gradient" gradient={brandGradient} aria-hidden>
                    <IconGift size={20} />
                  </ThemeIcon>
                  <Text>{paragraph.text}</Text>
                </Group>
              </Box>
            ) : (
              <Text key={paragraph.key}>{paragraph.text}</Text>
            ),
          )}
          <Stack gap={2} mt="xs">
            <Text>{letter.closing}</Text>
            <Text className={classes.signature}>{letter.signature}</Text>
          </Stack>
        </Stack>
      </Stack>
    </article>
  );
}
