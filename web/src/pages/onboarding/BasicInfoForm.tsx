import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconBriefcase, IconCalendar, IconHeart, IconMapPin, IconUser, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';

import { brandGradient } from '../../components/landing/brand';
import { errorCode, errorMessage, errorStatus, notify } from '../../features/auth/notify';
import { genders, relationshipStatuses, saveBasicInfo } from '../../features/profile/api';
import type { BasicInfo, Gender, Profile, RelationshipStatus } from '../../features/profile/api';
import { genderLabels, relationshipLabels, todayIso } from '../../features/profile/labels';

export const minBirthDate = '1900-01-01';

const fieldLabels: Record<keyof BasicInfo, string> = {
  name: 'Name',
  birthDate: 'Birth Date',
  location: 'Location',
  gender: 'Gender',
  profession: 'Profession/Identity',
  relationshipStatus: 'Relationship Status',
};

const genderOptions = genders.map((value) => ({ value, label: genderLabels[value] }));
const relationshipOptions = relationshipStatuses.map((value) => ({ value, label: relationshipLabels[value] }));

/** The labels of the fields still empty, in form order. */
export function missingFields(values: BasicInfo): string[] {
  return (Object.keys(fieldLabels) as (keyof BasicInfo)[]).filter((key) => !values[key].trim()).map((key) => fieldLabels[key]);
}

/** The toast title for a failed save (spec part 1 §4): by the standardization error's code. */
function failureTitle(error: unknown): string {
  const code = errorCode(error) ?? '';
  if (errorStatus(error) === 422) {
    if (code.startsWith('location_')) return 'Location Error';
    if (code === 'profession_unknown') return 'Profession Error';
    return 'Standardization Error';
  }
  return 'Error';
}

function failureMessage(error: unknown): string {
  const status = errorStatus(error);
  if (status === null) return errorMessage(error);
  if (status >= 500) return 'Failed to save information. Please try again.';
  return errorMessage(error) || 'Failed to save information. Please try again.';
}

interface Props {
  values: BasicInfo;
  onChange: (values: BasicInfo) => void;
  onSaved: (profile: Profile) => void;
}

export function BasicInfoForm({ values, onChange, onSaved }: Props) {
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof BasicInfo>(key: K, value: BasicInfo[K]) => {
    onChange({ ...values, [key]: value });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const missing = missingFields(values);
    if (missing.length > 0) {
      notify('error', 'Missing Information', `Please fill in: ${missing.join(', ')}`);
      return;
    }
    setBusy(true);
    try {
      const trimmed: BasicInfo = {
        ...values,
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
      notify('error', failureTitle(failure), failureMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Your Name"
            name="name"
            autoComplete="name"
            placeholder="What should we call you?"
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
            label="Birth Date"
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
            label="Your Location"
            name="location"
            autoComplete="address-level2"
            placeholder="City"
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
            label="Gender"
            name="gender"
            placeholder="Select"
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
            label="Profession/Identity"
            name="profession"
            autoComplete="organization-title"
            placeholder="e.g. Student, Software Developer"
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
            label="Relationship Status"
            name="relationshipStatus"
            placeholder="Select"
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
          {busy ? 'Saving...' : 'Continue'}
        </Button>
      </Stack>
    </form>
  );
}
