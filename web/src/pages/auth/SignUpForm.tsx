import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAt, IconLock, IconLockCheck, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent } from 'react';

import { brandGradient } from '../../components/landing/brand';
import { signUp } from '../../features/auth/api';
import { errorMessage, errorStatus, notify } from '../../features/auth/notify';
import { productName } from '../../product';

import { FormHeader } from './FormHeader';
import { checkNewPassword, minPasswordLength, passwordToggleProps } from './validation';

interface Props {
  email: string;
  onEmailChange: (email: string) => void;
  /** The code was e-mailed to `email`: the page moves on to the code form. */
  onCodeSent: (email: string) => void;
  onSignIn: () => void;
}

export function SignUpForm({ email, onEmailChange, onCodeSent, onSignIn }: Props) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !agreed || !checkNewPassword(password, confirmation)) return;
    setBusy(true);
    try {
      const sent = await signUp(email.trim(), password);
      notify('success', 'Verification code sent', `We e-mailed a 6-digit code to ${sent.email}.`);
      onCodeSent(sent.email);
    } catch (error) {
      if (errorStatus(error) === 502) notify('error', 'Failed to send verification code', 'Please try registering again.');
      else notify('error', 'Registration Failed', errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Sign up">
      <Stack gap="lg">
        <FormHeader title="Create your account">
          Join {productName} and meet people on campus who share your vibe.
        </FormHeader>
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
          <PasswordInput
            label="Password"
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
            label="Confirm password"
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
          <Checkbox
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.currentTarget.checked);
            }}
            color="violet"
            label={
              <>
                I agree to the{' '}
                <Anchor href="/terms-of-service" target="_blank" rel="noopener" inherit>
                  Terms of Service
                </Anchor>{' '}
                and{' '}
                <Anchor href="/privacy-policy" target="_blank" rel="noopener" inherit>
                  Privacy Policy
                </Anchor>
              </>
            }
          />
        </Stack>
        <Button
          type="submit"
          size="md"
          radius="md"
          variant="gradient"
          gradient={brandGradient}
          disabled={!agreed}
          loading={busy}
          leftSection={<IconUserPlus size={18} />}
          fullWidth
        >
          Create Account
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component="button" type="button" fw={600} onClick={onSignIn} style={{ verticalAlign: 'baseline' }}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
