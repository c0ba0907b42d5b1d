import { Button, Divider, Stack } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  /** Where to go afterwards (a path of this site). */
  redirect: string | null;
  /** The e-mail form follows: an "or" line separates the two. */
  withEmailForm: boolean;
}

/**
 * The campus account's button: a plain link to the server, which sends the browser on to the
 * campus's sign-in page (OpenID Connect) and back, signed in.
 */
export function CampusSignIn({ label, redirect, withEmailForm }: Props) {
  const { t } = useTranslation('auth');
  const href = `/api/auth/oidc/login${redirect ? `?returnTo=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <Stack gap="md">
      {/* The label is the campus's own (OIDC_BUTTON_LABEL): it wraps rather than being cut off on a phone. */}
      <Button
        component="a"
        href={href}
        size="md"
        radius="md"
        fullWidth
        variant="default"
        leftSection={<IconSchool size={18} aria-hidden />}
        h="auto"
        mih={44}
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        data-testid="campus-sign-in"
      >
        {label}
      </Button>
      {withEmailForm ? <Divider label={t('campus.orEmail')} labelPosition="center" /> : null}
    </Stack>
  );
}
