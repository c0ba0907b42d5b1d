// Step-up: the account's most sensitive changes (deleting it, changing its password or sign-in
// e-mail, an administrator deleting a member) need proof made just now. The server asks for it
// with 403 step_up_required; this dialog asks the member for their password (or, where campus
// sign-in is configured, sends them to the campus provider and back) and the request is sent again.
import { Button, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconLock, IconSchool, IconShieldCheck } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { campusStepUpUrl } from './api';
import { errorCode, errorMessage } from './notify';
import { useSession } from './useSession';

/** The member closed the dialog without confirming: the change was not made, nothing to report. */
export class StepUpCancelled extends Error {
  constructor() {
    super('Step-up cancelled');
    this.name = 'StepUpCancelled';
  }
}

export const isStepUpCancelled = (error: unknown): boolean => error instanceof StepUpCancelled;

/** Answers that keep the dialog open with the server's sentence under the field. */
const RETRY_IN_DIALOG = new Set(['step_up_failed', 'step_up_required', 'rate_limited']);

interface StepUpDialogProps {
  opened: boolean;
  busy: boolean;
  /** Why the password is asked, in the words of the change ("Enter your password to delete your account."). */
  reason: ReactNode;
  /** The last refusal (a wrong password), shown under the field. */
  error: string | null;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}

/** The one step-up dialog: a password field with a visible label, Confirm and Cancel, and the campus option when configured. */
export function StepUpDialog({ opened, busy, reason, error, onConfirm, onCancel }: StepUpDialogProps) {
  const { t } = useTranslation('auth');
  const { session } = useSession();
  const campus = session?.features?.campusSignIn ?? null;
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React events cross portals: never let this submit reach a form the dialog was opened from.
    event.stopPropagation();
    if (!busy && password) onConfirm(password);
  };

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('stepUp.title')}
      centered
      radius="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': t('stepUp.close') }}
      styles={{ title: { fontWeight: 800 } }}
      onExitTransitionEnd={() => setPassword('')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{reason}</Text>
          <PasswordInput
            label={t('stepUp.currentPassword')}
            name="current-password"
            autoComplete="current-password"
            leftSection={<IconLock size={16} />}
            visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error ?? undefined}
            // Mantine's PasswordInput links the error (aria-describedby) but does not mark the field invalid.
            aria-invalid={error ? true : undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('stepUp.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconShieldCheck size={16} />} loading={busy} disabled={!password}>
              {t('stepUp.confirm')}
            </Button>
          </Group>
          {campus ? (
            <>
              <Divider label={t('stepUp.or')} labelPosition="center" />
              <Button
                variant="light"
                leftSection={<IconSchool size={16} />}
                disabled={busy}
                // The label wraps on a phone rather than being cut off.
                h="auto"
                mih={36}
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', overflow: 'visible' } }}
                onClick={() => {
                  // The provider sends the member back here; the change is then made without a password (for 5 minutes).
                  window.location.assign(campusStepUpUrl(window.location.pathname + window.location.search));
                }}
              >
                {t('stepUp.campus')}
              </Button>
              <Text size="xs" c="dimmed">
                {campus.label ? t('stepUp.campusHintNamed', { campus: campus.label }) : t('stepUp.campusHint')}
              </Text>
            </>
          ) : null}
        </Stack>
      </form>
    </Modal>
  );
}

interface Pending {
  attempt: (password: string) => void;
  cancel: () => void;
}

/**
 * `run(action)` sends the change without a password first (a fresh campus sign-in may be proof
 * enough); when the server answers step_up_required it opens the dialog and sends it again with
 * the password typed there. It resolves with the action's answer, rejects with StepUpCancelled
 * when the member cancels, and with the server's error for any other refusal. Render `dialog`.
 * `onAsk` runs as the dialog opens (e.g. to close the dialog that started the change).
 */
export function useStepUp(reason: ReactNode) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = useRef<Pending | null>(null);

  const close = useCallback(() => {
    pending.current = null;
    setOpened(false);
    setBusy(false);
    setError(null);
  }, []);

  const run = useCallback(
    async <T,>(action: (currentPassword?: string) => Promise<T>, options: { onAsk?: () => void } = {}): Promise<T> => {
      try {
        return await action(undefined);
      } catch (first) {
        if (errorCode(first) !== 'step_up_required') throw first;
      }
      options.onAsk?.();
      return new Promise<T>((resolve, reject) => {
        pending.current = {
          attempt: (password) => {
            setBusy(true);
            setError(null);
            action(password).then(
              (result) => {
                close();
                resolve(result);
              },
              (failure: unknown) => {
                const code = errorCode(failure);
                if (code && RETRY_IN_DIALOG.has(code)) {
                  setBusy(false);
                  setError(errorMessage(failure));
                  return;
                }
                close();
                reject(failure as Error);
              },
            );
          },
          cancel: () => {
            close();
            reject(new StepUpCancelled());
          },
        };
        setError(null);
        setOpened(true);
      });
    },
    [close],
  );

  const dialog = (
    <StepUpDialog
      opened={opened}
      busy={busy}
      reason={reason}
      error={error}
      onConfirm={(password) => pending.current?.attempt(password)}
      onCancel={() => pending.current?.cancel()}
    />
  );
  return { run, dialog };
}
