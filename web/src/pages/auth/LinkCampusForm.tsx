import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';

import type { Session } from '../../features/auth/api';
import { cancelCampusLink, campusLinkPending, linkCampus } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';
import { productName } from '../../product';

import { CurrentPasswordField, SubmitButton } from './fields';
import { FormHeader } from './FormHeader';

interface Props {
  onLinked: (session: Session) => void;
  onCancel: () => void;
}

/**
 * The campus vouched for an address that already has a password account here: the member proves
 * the password once, and the campus account is linked to it (never by the address alone).
 */
export function LinkCampusForm({ onLinked, onCancel }: Props) {
  const [email, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    campusLinkPending().then(
      (pending) => {
        setEmail(pending.email);
      },
      () => {
        notify('error', 'Sign In Failed', 'The campus sign-in to link has expired. Please sign in with the campus button again.');
        onCancel();
      },
    );
  }, [onCancel]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      onLinked(await linkCampus(password));
    } catch (error) {
      notify('error', 'Sign In Failed', errorMessage(error));
      setBusy(false);
    }
  };

  const cancel = () => {
    void cancelCampusLink().finally(onCancel);
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Link your campus account">
      <Stack gap="lg">
        <FormHeader title="Link your campus account">
          {email ? `${email} already has a ${productName} account. Enter its password once to link your campus account; after that, either way signs you in.` : 'Loading…'}
        </FormHeader>
        <CurrentPasswordField value={password} onChange={setPassword} />
        <SubmitButton busy={busy} icon={<IconLink size={18} />}>
          Link and sign in
        </SubmitButton>
        <Group justify="center">
          <Text size="sm" c="dimmed">
            Not your account?{' '}
            <Anchor component="button" type="button" size="sm" fw={500} onClick={cancel}>
              Cancel
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
