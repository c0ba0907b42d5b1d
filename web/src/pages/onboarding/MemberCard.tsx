import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { Profile } from '../../features/profile/api';
import { useProfileLabels } from '../../features/profile/labels';
import { useFormat } from '../../i18n/useFormat';
import { productName } from '../../product';
import classes from './Onboarding.module.css';

function Field({ label, value, wide, mono }: { label: string; value: string; wide?: boolean; mono?: boolean }) {
  return (
    <div className={wide ? classes.wide : undefined}>
      <div className={classes.fieldLabel}>{label}</div>
      <div className={mono ? classes.code : classes.fieldValue}>{value}</div>
    </div>
  );
}

const dash = '—';

/** The member ID card (spec part 1 §2.5): what was saved, as the server standardized it. */
export function MemberCard({ profile }: { profile: Profile }) {
  const name = profile.name?.trim() || dash;
  const { t } = useTranslation('onboarding');
  const labels = useProfileLabels();
  const { date } = useFormat();
  const issued = date(new Date(), { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <section className={classes.card} aria-label={t('memberCard.label')}>
      <Stack gap="md" className={classes.cardInner}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text className={classes.cardKicker}>{productName}</Text>
          <Text className={classes.cardKicker} ta="right">
            {t('memberCard.kicker')}
          </Text>
        </Group>
        <Group gap="md" wrap="nowrap" align="center">
          <div className={classes.avatar} aria-hidden>
            {name === dash ? '?' : name.charAt(0).toUpperCase()}
          </div>
          <Stack gap={2} miw={0}>
            <Text fz={{ base: 22, sm: 26 }} fw={800} lh={1.15} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" opacity={0.85}>
              {profile.age === null ? t('memberCard.member') : t('memberCard.age', { age: profile.age })}
            </Text>
          </Stack>
        </Group>
        <div className={classes.fields}>
          <Field label={t('memberCard.birthDate')} value={profile.birth_date ? labels.calendarDay(profile.birth_date) : dash} />
          <Field label={t('memberCard.gender')} value={profile.gender ? labels.gender(profile.gender) : dash} />
          <Field label={t('memberCard.profession')} value={profile.profession ?? dash} />
          <Field label={t('memberCard.relationship')} value={profile.relationship_status ? labels.relationship(profile.relationship_status) : dash} />
          <Field label={t('memberCard.location')} value={profile.location ?? dash} wide />
          <Field label={t('memberCard.userCode')} value={profile.user_code ?? t('memberCard.pending')} wide mono />
        </div>
        <Text className={classes.cardFooter}>
          {t('memberCard.issued', { product: productName, date: issued })}
        </Text>
      </Stack>
    </section>
  );
}
