import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAt, IconLock, IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';

import type { Session } from '../../features/auth/api';
import { logIn } from '../../features/auth/api';
import { errorCode, errorMessage, notify } from '../../features/auth/notify';
import { productName } from '../../product';

import { brandGradient } from '../../components/landing/brand';
import { FormHeader } from './FormHeader';
import { passwordToggleProps } from './validation';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: (session: Session) => void;
  /** The address has no account: the page switches to sign-up, keeping it. */
  onUnknownEmail: () => void;
  onForgotPassword: () => void;
  onSignUp: () => void;
}

export function SignInForm({ email, onEmailChange, onSignedIn, onUnknownEmail, onForgotPassword, onSignUp }: Props) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      onSignedIn(await logIn(email.trim(), password));
      // Stay busy: the page is navigating away.
    } catch (error) {
      notify('error', 'Sign In Failed', errorMessage(error));
      if (errorCode(error) === 'user_not_found') onUnknownEmail();
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Sign in">
      <Stack gap="lg">
        <FormHeader title={`Sign in to ${productName}`}>Welcome back! Pick up where you left off.</FormHeader>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@university.edu"
            required
            leftSection={<IconAt size={16} />}
            value={email}
            onChange={(event) => {
              onEmailChange(event.currentTarget.value);
            }}
            size="md"
          />
          <div>
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              placeholder="Your password"
              required
              leftSection={<IconLock size={16} />}
              visibilityToggleButtonProps={passwordToggleProps}
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
              }}
              size="md"
            />
            <Group justify="flex-end" mt={6}>
              <Anchor component="button" type="button" size="sm" fw={500} onClick={onForgotPassword}>
                Forgot password?
              </Anchor>
            </Group>
          </div>
        </Stack>
        <Button
          type="submit"
          size="md"
          radius="md"
          variant="gradient"
          gradient={brandGradient}
          loading={busy}
          leftSection={<IconLogin2 size={18} />}
          fullWidth
        >
          Sign In
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          New to {productName}?{' '}
          <Anchor component="button" type="button" fw={600} onClick={onSignUp} style={{ verticalAlign: 'baseline' }}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
