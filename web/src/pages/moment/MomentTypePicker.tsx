import { Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlignLeft, IconMovie, IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import { MAX_IMAGES, MAX_TEXT_LENGTH } from '../../features/moment/api';
import type { MomentType } from '../../features/profile/api';
import classes from './Moment.module.css';

/** The type cards; label and hint are keys of the moments catalogue, `count` fills the hint. */
const typeOptions = [
  { value: 'image', label: 'types.image', hint: 'types.imageHint', count: MAX_IMAGES, icon: <IconPhoto size={20} /> },
  { value: 'video', label: 'types.video', hint: 'types.videoHint', count: 0, icon: <IconMovie size={20} /> },
  { value: 'text', label: 'types.text', hint: 'types.textHint', count: MAX_TEXT_LENGTH, icon: <IconAlignLeft size={20} /> },
] as const satisfies readonly { value: MomentType; label: string; hint: string; count: number; icon: ReactNode }[];

interface Props {
  value: MomentType | null;
  onChange: (type: MomentType) => void;
  /** The radio group's name, unique on the page. */
  name: string;
  disabled: boolean;
}

/** The choice between an image, a video and a text moment, as three cards. */
export function MomentTypePicker({ value, onChange, name, disabled }: Props) {
  const { t } = useTranslation('moments');
  return (
    <Radio.Group<MomentType> label={t('editor.typeLabel')} description={t('editor.typeDescription')} value={value} onChange={onChange} name={name}>
      <SimpleGrid cols={3} spacing="sm" mt="xs">
        {typeOptions.map((option) => (
          <Radio.Card key={option.value} value={option.value} radius="md" className={classes.typeCard} disabled={disabled}>
            <Stack gap={6} align="center">
              <ThemeIcon size={36} radius="xl" variant={value === option.value ? 'gradient' : 'light'} gradient={brandGradient} color="violet" aria-hidden>
                {option.icon}
              </ThemeIcon>
              <Text fw={600} size="sm" lh={1.2}>
                {t(option.label)}
              </Text>
              <Text size="xs" c="dimmed" ta="center" lh={1.3}>
                {t(option.hint, { count: option.count })}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
