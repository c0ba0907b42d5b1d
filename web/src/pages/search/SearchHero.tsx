import { Box, Button, Center, Container, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import { productName } from '../../product';
import classes from './Search.module.css';
import { SuggestionBubble } from './SuggestionBubble';
import { WeeklyIntroductionsRow } from './WeeklyIntroductionsRow';

interface Props {
  query: string;
  onQueryChange: (query: string) => void;
  searching: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The search box with its title, suggestions and this week's introductions; while a search runs, its button cancels it. */
export function SearchHero({ query, onQueryChange, searching, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('search');
  const blank = query.trim() === '';

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onSubmit();
  };

  return (
    <Container size={640} px={{ base: 'md', sm: 'lg' }} component="main" className={classes.hero}>
      <Stack gap="lg">
        <Stack gap={6} ta="center">
          <Title order={1} fz={{ base: 30, sm: 42 }} lh={1.1} className={classes.title}>
            {t('hero.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('hero.lead', { product: productName })}
          </Text>
        </Stack>
        <SuggestionBubble onPick={onQueryChange} />
        <Box
          component="form"
          className={classes.searchBox}
          data-foreground
          onSubmit={(event) => {
            event.preventDefault();
            if (searching) onCancel();
            else onSubmit();
          }}
        >
          <Textarea
            value={query}
            onChange={(event) => {
              onQueryChange(event.currentTarget.value);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('hero.placeholder', { product: productName })}
            aria-label={t('hero.inputLabel')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={500}
            readOnly={searching}
            variant="unstyled"
            classNames={{ input: classes.searchInput }}
          />
          <Group justify="space-between" mt={6} gap="sm" wrap="nowrap">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              {t('hero.keys')}
            </Text>
            {searching ? (
              <Button type="submit" variant="default" radius="xl" leftSection={<IconX size={16} />} ml="auto">
                {t('hero.cancel')}
              </Button>
            ) : (
              <Button type="submit" variant="gradient" gradient={brandGradient} radius="xl" leftSection={<IconSearch size={16} />} disabled={blank} ml="auto">
                {t('hero.find')}
              </Button>
            )}
          </Group>
        </Box>
        {searching ? (
          <Center>
            <Group gap="sm" role="status">
              <Loader color="violet" type="dots" size="sm" />
              <Text size="sm" c="dimmed">
                {t('hero.finding')}
              </Text>
            </Group>
          </Center>
        ) : (
          <Text ta="center" size="xs" c="dimmed">
            {t('hero.browseHint')}
          </Text>
        )}
        <WeeklyIntroductionsRow />
      </Stack>
    </Container>
  );
}
