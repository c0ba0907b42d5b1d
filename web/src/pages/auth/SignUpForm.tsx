import { Anchor, Checkbox, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';

import { signUp } from '../../features/auth/api';
import { errorStatus, notify } from '../../features/auth/notify';
import { productName } from '../../product';

import { EmailField, NewPasswordFields, SubmitButton, SwitchPrompt } from './fields';
import { FormHeader } from './FormHeader';
import { checkNewPassword, notifyNewPasswordFailure } from './validation';

interface Props {
  /** The campus account's button, above the e-mail form (when the campus's sign-in is set up). */
  campus?: ReactNode;
  email: string;
  onEmailChange: (email: string) => void;
  /** The code was e-mailed to `email`: the page moves on to the code form. */
  onCodeSent: (email: string) => void;
  onSignIn: () => void;
}

export function SignUpForm({ email, onEmailChange, onCodeSent, onSignIn, campus }: Props) {
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
      else notifyNewPasswordFailure(error, 'Registration Failed');
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Sign up">
      <Stack gap="lg">
        <FormHeader title="Create your account">
          Join {productName} and meet people on campus who share your vibe.
        </FormHeader>
        {campus}
        <Stack gap="md">
          <EmailField value={email} onChange={onEmailChange} />
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
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
        <SubmitButton busy={busy} disabled={!agreed} icon={<IconUserPlus size={18} />}>
          Create Account
        </SubmitButton>
        <SwitchPrompt prompt="Already have an account?" action="Sign in" onClick={onSignIn} />
      </Stack>
    </form>
  );
}
