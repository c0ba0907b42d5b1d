import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconBriefcase, IconCalendar, IconHeart, IconMapPin, IconUser, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

import { brandGradient } from '../../components/landing/brand';
import { errorCode, errorMessage, errorStatus, notify } from '../../features/auth/notify';
import { genders, relationshipStatuses, saveBasicInfo } from '../../features/profile/api';
import type { BasicInfo, BasicInfoValues, Gender, Profile, RelationshipStatus } from '../../features/profile/api';
import { todayIso, useProfileLabels } from '../../features/profile/labels';

export const minBirthDate = '1900-01-01';

/** The form's fields in order; their names are the catalogue's `basic.fields.<field>`. */
const fieldOrder: (keyof BasicInfoValues)[] = ['name', 'birthDate', 'location', 'gender', 'profession', 'relationshipStatus'];

/** The fields still empty, in form order. */
export function missingFields(values: BasicInfoValues): (keyof BasicInfoValues)[] {
  return fieldOrder.filter((key) => !values[key].trim());
}

type OnboardingT = TFunction<'onboarding'>;

/** The toast title for a failed save (spec part 1 §4): by the standardization error's code. */
function failureTitle(error: unknown, t: OnboardingT): string {
  const code = errorCode(error) ?? '';
  if (errorStatus(error) === 422) {
    if (code.startsWith('location_')) return t('basic.locationError');
    if (code === 'profession_unknown') return t('basic.professionError');
    return t('basic.standardizationError');
  }
  return t('basic.error');
}

function failureMessage(error: unknown, t: OnboardingT): string {
  const status = errorStatus(error);
  if (status === null) return errorMessage(error);
  if (status >= 500) return t('basic.saveFailed');
  return errorMessage(error) || t('basic.saveFailed');
}

interface Props {
  values: BasicInfoValues;
  onChange: (values: BasicInfoValues) => void;
  onSaved: (profile: Profile) => void;
}

export function BasicInfoForm({ values, onChange, onSaved }: Props) {
  const { t } = useTranslation('onboarding');
  const labels = useProfileLabels();
  const genderOptions = genders.map((value) => ({ value, label: labels.gender(value) }));
  const relationshipOptions = relationshipStatuses.map((value) => ({ value, label: labels.relationship(value) }));
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof BasicInfoValues>(key: K, value: BasicInfoValues[K]) => {
    onChange({ ...values, [key]: value });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const missing = missingFields(values);
    if (missing.length > 0) {
      const fields = missing.map((key) => t(`basic.fields.${key}`)).join(t('basic.listSeparator'));
      notify('error', t('basic.missingTitle'), t('basic.missingMessage', { fields }));
      return;
    }
    const { gender, relationshipStatus } = values;
    if (gender === '' || relationshipStatus === '') return; // missingFields named them
    setBusy(true);
    try {
      const trimmed: BasicInfo = {
        ...values,
        gender,
        relationshipStatus,
        name: values.name.trim(),
        location: values.location.trim(),
        profession: values.profession.trim(),
      };
      const profile = await saveBasicInfo(trimmed);
      try {
        window.sessionStorage.setItem('userName', profile.name ?? trimmed.name);
      } catch {
        // Storage may be unavailable (private mode); the name is only a convenience for later steps.
      }
      setBusy(false);
      notifications.clean();
      onSaved(profile);
    } catch (failure) {
      notify('error', failureTitle(failure, t), failureMessage(failure, t));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('basic.nameLabel')}
            name="name"
            autoComplete="name"
            placeholder={t('basic.namePlaceholder')}
            withAsterisk
            maxLength={60}
            leftSection={<IconUser size={16} />}
            value={values.name}
            onChange={(event) => {
              set('name', event.currentTarget.value);
            }}
            size="md"
          />
          <TextInput
            label={t('basic.birthDateLabel')}
            name="birthDate"
            type="date"
            autoComplete="bday"
            withAsterisk
            min={minBirthDate}
            max={todayIso()}
            leftSection={<IconCalendar size={16} />}
            value={values.birthDate}
            onChange={(event) => {
              set('birthDate', event.currentTarget.value);
            }}
            size="md"
          />
          <TextInput
            label={t('basic.locationLabel')}
            name="location"
            autoComplete="address-level2"
            placeholder={t('basic.locationPlaceholder')}
            withAsterisk
            maxLength={200}
            leftSection={<IconMapPin size={16} />}
            value={values.location}
            onChange={(event) => {
              set('location', event.currentTarget.value);
            }}
            size="md"
          />
          <Select
            label={t('basic.genderLabel')}
            name="gender"
            placeholder={t('basic.select')}
            withAsterisk
            allowDeselect={false}
            data={genderOptions}
            leftSection={<IconUsers size={16} />}
            value={values.gender || null}
            onChange={(value) => {
              set('gender', (value ?? '') as Gender | '');
            }}
            comboboxProps={{ withinPortal: true }}
            size="md"
          />
          <TextInput
            label={t('basic.professionLabel')}
            name="profession"
            autoComplete="organization-title"
            placeholder={t('basic.professionPlaceholder')}
            withAsterisk
            maxLength={200}
            leftSection={<IconBriefcase size={16} />}
            value={values.profession}
            onChange={(event) => {
              set('profession', event.currentTarget.value);
            }}
            size="md"
          />
          <Select
            label={t('basic.relationshipLabel')}
            name="relationshipStatus"
            placeholder={t('basic.select')}
            withAsterisk
            allowDeselect={false}
            data={relationshipOptions}
            leftSection={<IconHeart size={16} />}
            value={values.relationshipStatus || null}
            onChange={(value) => {
              set('relationshipStatus', (value ?? '') as RelationshipStatus | '');
            }}
            comboboxProps={{ withinPortal: true }}
            size="md"
          />
        </SimpleGrid>
        <Button
          type="submit"
          size="md"
          radius="md"
          variant="gradient"
          gradient={brandGradient}
          disabled={busy}
          rightSection={busy ? undefined : <IconArrowRight size={18} />}
          fullWidth
          mt="xs"
        >
          {busy ? t('basic.saving') : t('basic.continue')}
        </Button>
      </Stack>
    </form>
  );
}
