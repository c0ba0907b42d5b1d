import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { IconAt, IconLock, IconLockCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { brandGradient } from '../../components/landing/brand';
import { minPasswordLength } from './validation';

// The pieces every auth form shares, so the five forms look and behave alike.

export function EmailField({ value, onChange, required = true }: { value: string; onChange: (value: string) => void; required?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.email')}
      type="email"
      name="email"
      autoComplete="email"
      placeholder={t('fields.emailPlaceholder')}
      required={required}
      leftSection={<IconAt size={16} />}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
      }}
      size="md"
    />
  );
}

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  passwordLabel?: string;
  confirmationLabel?: string;
  /** 'md' on the auth screen; Settings uses the default size of its other fields. */
  size?: 'sm' | 'md';
}

/** A new password and its confirmation (sign-up, set-new-password and Settings' Change password). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const toggle = { 'aria-label': t('fields.showPassword') };
  return (
    <>
      <PasswordInput
        label={props.passwordLabel ?? t('fields.password')}
        description={t('fields.passwordHint')}
        name="new-password"
        autoComplete="new-password"
        placeholder={t('fields.newPasswordPlaceholder', { count: minPasswordLength })}
        required
        leftSection={<IconLock size={16} />}
        visibilityToggleButtonProps={toggle}
        value={props.password}
        onChange={(event) => {
          props.onPasswordChange(event.currentTarget.value);
        }}
        size={props.size ?? 'md'}
      />
      <PasswordInput
        label={props.confirmationLabel ?? t('fields.confirmPassword')}
        name="confirm-password"
        autoComplete="new-password"
        placeholder={t('fields.confirmPlaceholder')}
        required
        leftSection={<IconLockCheck size={16} />}
        visibilityToggleButtonProps={toggle}
        value={props.confirmation}
        onChange={(event) => {
          props.onConfirmationChange(event.currentTarget.value);
        }}
        size={props.size ?? 'md'}
      />
    </>
  );
}

/** The account's current password, as sign-in and linking a campus account ask it. */
export function CurrentPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput
      label={t('fields.password')}
      name="password"
      autoComplete="current-password"
      placeholder={t('fields.currentPlaceholder')}
      required
      leftSection={<IconLock size={16} />}
      visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
      value={value}
      onChange={(event) => {
        onChange(event.currentTarget.value);
      }}
      size="md"
    />
  );
}

export function SubmitButton({ busy, icon, disabled, children }: { busy: boolean; icon: ReactNode; disabled?: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      size="md"
      radius="md"
      variant="gradient"
      gradient={brandGradient}
      loading={busy}
      disabled={disabled}
      leftSection={icon}
      fullWidth
    >
      {children}
    </Button>
  );
}

/** "New to Kindred? Create an account" and the like, under a form. */
export function SwitchPrompt({ prompt, action, onClick }: { prompt: ReactNode; action: string; onClick: () => void }) {
  return (
    <Text size="sm" ta="center" c="dimmed">
      {prompt}{' '}
      <Anchor component="button" type="button" fw={600} onClick={onClick} style={{ verticalAlign: 'baseline' }}>
        {action}
      </Anchor>
    </Text>
  );
}
