import { Group, Stack, Text } from '@mantine/core';

import type { Profile } from '../../features/profile/api';
import { formatCalendarDay, genderLabels, relationshipLabels } from '../../features/profile/labels';
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
  const issued = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <section className={classes.card} aria-label="Member ID card">
      <Stack gap="md" className={classes.cardInner}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text className={classes.cardKicker}>{productName}</Text>
          <Text className={classes.cardKicker} ta="right">
            Member ID
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
              {profile.age === null ? 'Member' : `Age ${String(profile.age)}`}
            </Text>
          </Stack>
        </Group>
        <div className={classes.fields}>
          <Field label="Birth Date" value={profile.birth_date ? formatCalendarDay(profile.birth_date) : dash} />
          <Field label="Gender" value={profile.gender ? genderLabels[profile.gender] : dash} />
          <Field label="Profession" value={profile.profession ?? dash} />
          <Field label="Relationship" value={profile.relationship_status ? relationshipLabels[profile.relationship_status] : dash} />
          <Field label="Location" value={profile.location ?? dash} wide />
          <Field label="User Code" value={profile.user_code ?? 'Pending'} wide mono />
        </div>
        <Text className={classes.cardFooter}>
          Issued by {productName} · {issued}
        </Text>
      </Stack>
    </section>
  );
}
