import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy, IconLock, IconLockCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';

import { brandGradient } from '../../components/landing/brand';
import type { Session } from '../../features/auth/api';
import { resetPassword } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';

import { FormHeader } from './FormHeader';
import { checkNewPassword, minPasswordLength, passwordToggleProps } from './validation';

interface Props {
  /** The token from the reset link; null when the link carried none. */
  token: string | null;
  onUpdated: (session: Session) => void;
  onRequestNewLink: () => void;
}

export function NewPasswordForm({ token, onUpdated, onRequestNewLink }: Props) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !checkNewPassword(password, confirmation)) return;
    if (!token) {
      notify('error', 'Update Failed', 'This password reset link is invalid or has expired. Please request a new one.');
      return;
    }
    setBusy(true);
    try {
      onUpdated(await resetPassword(token, password));
    } catch (error) {
      notify('error', 'Update Failed', errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Set a new password">
      <Stack gap="lg">
        <FormHeader title="Set a new password">Choose a new password for your account. You will be signed in right after.</FormHeader>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            name="new-password"
            autoComplete="new-password"
            placeholder={`At least ${String(minPasswordLength)} characters`}
            required
            leftSection={<IconLock size={16} />}
            visibilityToggleButtonProps={passwordToggleProps}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
            }}
            size="md"
          />
          <PasswordInput
            label="Confirm new password"
            name="confirm-password"
            autoComplete="new-password"
            placeholder="Type it again"
            required
            leftSection={<IconLockCheck size={16} />}
            visibilityToggleButtonProps={passwordToggleProps}
            value={confirmation}
            onChange={(event) => {
              setConfirmation(event.currentTarget.value);
            }}
            size="md"
          />
        </Stack>
        <Button
          type="submit"
          size="md"
          radius="md"
          variant="gradient"
          gradient={brandGradient}
          loading={busy}
          leftSection={<IconDeviceFloppy size={18} />}
          fullWidth
        >
          Update Password
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Link expired?{' '}
          <Anchor component="button" type="button" fw={600} onClick={onRequestNewLink} style={{ verticalAlign: 'baseline' }}>
            Send a new one
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
