import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAt, IconKey, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

import { changePassword, confirmEmailChange, requestEmailChange } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';
import { isStepUpCancelled, useStepUp } from '../../features/auth/stepUp';
import { useSession } from '../../features/auth/useSession';
import { NewPasswordFields } from '../auth/fields';
import { checkNewPassword, notifyNewPasswordFailure } from '../auth/validation';

/** Settings' Change password: the new one twice (the spec's rules), then the current one in the step-up dialog. */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const { mutate } = useSession();
  const stepUp = useStepUp('Enter your current password to set a new one. Your other devices will be signed out.');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !checkNewPassword(password, confirmation)) return;
    setBusy(true);
    try {
      const { message, ...session } = await stepUp.run((currentPassword) => changePassword(password, currentPassword));
      void mutate(session, { revalidate: true });
      notify('success', 'Password Updated', message);
      onDone();
    } catch (error) {
      if (!isStepUpCancelled(error)) notifyNewPasswordFailure(error, 'Update Failed');
      setBusy(false);
    }
  };

  return (
    <>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} aria-label="Change password">
        <Stack gap="sm">
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            passwordLabel="New password"
            confirmationLabel="Confirm new password"
            size="sm"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </Paper>
      {/* Outside the form: the dialog's own form must not submit this one (React events cross portals). */}
      {stepUp.dialog}
    </>
  );
}

/** Settings' Change sign-in e-mail: the new address (and the step-up), then the code mailed to it. */
function ChangeEmailForm({ current, onDone }: { current: string; onDone: () => void }) {
  const [address, setAddress] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { mutate } = useSession();
  const stepUp = useStepUp('Enter your password to change the e-mail you sign in with.');

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = address.trim();
    if (busy) return;
    if (!email) {
      notify('error', 'Update Failed', 'Please Enter Email');
      return;
    }
    setBusy(true);
    try {
      const sent = await stepUp.run((currentPassword) => requestEmailChange(email, currentPassword));
      setSentTo(sent.email);
      setCode('');
      notify('success', 'Verification code sent', sent.message);
    } catch (error) {
      if (!isStepUpCancelled(error)) notify('error', 'Update Failed', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) {
      notify('error', 'Verification failed', 'The verification code is 6 digits.');
      return;
    }
    setBusy(true);
    try {
      const { message, ...session } = await confirmEmailChange(code.trim());
      void mutate(session, { revalidate: true });
      notify('success', 'E-mail Updated', message);
      onDone();
    } catch (error) {
      notify('error', 'Verification failed', errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <>
      {sentTo === null ? (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void sendCode(event)} aria-label="Change sign-in e-mail">
          <Stack gap="sm">
            <TextInput
              label="New sign-in e-mail"
              description={`Now ${current}. We e-mail a code to the new address to confirm it.`}
              type="email"
              name="email"
              autoComplete="email"
              leftSection={<IconAt size={16} />}
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              required
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onDone} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Send code
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={(event: FormEvent<HTMLFormElement>) => void confirm(event)} aria-label="Confirm the new e-mail">
          <Stack gap="sm">
            <Text size="sm" role="status">
              We e-mailed a 6-digit code to <strong>{sentTo}</strong>. It expires in 10 minutes.
            </Text>
            <TextInput
              label="Verification code"
              name="one-time-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              leftSection={<IconMailCheck size={16} />}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
              required
            />
            <Group justify="space-between" gap="sm">
              <Button variant="subtle" onClick={() => setSentTo(null)} disabled={busy}>
                Use another address
              </Button>
              <Button type="submit" loading={busy} disabled={code.length !== 6}>
                Confirm
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {stepUp.dialog}
    </>
  );
}

/** The sign-in part of Settings: the e-mail members sign in with, and the password. */
export function SignInSection({ email }: { email: string }) {
  const [open, setOpen] = useState<'email' | 'password' | null>(null);
  // AUTH_PASSWORD=off: members sign in with the campus account only, so there is no password to change.
  const passwords = useSession().session?.features?.passwordSignIn !== false;
  return (
    <Stack gap="sm">
      <Title order={3} fz={17}>
        Sign-in
      </Title>
      <Text size="sm" c="dimmed">
        You sign in with <strong>{email}</strong>. {passwords ? 'Changing the e-mail or the password asks for your current password first.' : 'Changing the e-mail asks you to sign in with your campus account again first.'}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: passwords ? 2 : 1 }} spacing="sm">
        <Button variant="light" leftSection={<IconAt size={16} />} onClick={() => setOpen(open === 'email' ? null : 'email')} aria-expanded={open === 'email'}>
          Change e-mail
        </Button>
        {passwords ? (
          <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => setOpen(open === 'password' ? null : 'password')} aria-expanded={open === 'password'}>
            Change password
          </Button>
        ) : null}
      </SimpleGrid>
      {open === 'email' ? <ChangeEmailForm current={email} onDone={() => setOpen(null)} /> : null}
      {open === 'password' ? <ChangePasswordForm onDone={() => setOpen(null)} /> : null}
    </Stack>
  );
}
