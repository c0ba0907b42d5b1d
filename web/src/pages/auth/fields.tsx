import { Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { IconAt, IconLock, IconLockCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { brandGradient } from '../../components/landing/brand';
import { minPasswordLength, newPasswordHint, passwordToggleProps } from './validation';

// The pieces every auth form shares, so the five forms look and behave alike.

export function EmailField({ value, onChange, required = true }: { value: string; onChange: (value: string) => void; required?: boolean }) {
  return (
    <TextInput
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      placeholder="you@university.edu"
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
  return (
    <>
      <PasswordInput
        label={props.passwordLabel ?? 'Password'}
        description={newPasswordHint}
        name="new-password"
        autoComplete="new-password"
        placeholder={`At least ${String(minPasswordLength)} characters`}
        required
        leftSection={<IconLock size={16} />}
        visibilityToggleButtonProps={passwordToggleProps}
        value={props.password}
        onChange={(event) => {
          props.onPasswordChange(event.currentTarget.value);
        }}
        size={props.size ?? 'md'}
      />
      <PasswordInput
        label={props.confirmationLabel ?? 'Confirm password'}
        name="confirm-password"
        autoComplete="new-password"
        placeholder="Type it again"
        required
        leftSection={<IconLockCheck size={16} />}
        visibilityToggleButtonProps={passwordToggleProps}
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
  return (
    <PasswordInput
      label="Password"
      name="password"
      autoComplete="current-password"
      placeholder="Your password"
      required
      leftSection={<IconLock size={16} />}
      visibilityToggleButtonProps={passwordToggleProps}
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
