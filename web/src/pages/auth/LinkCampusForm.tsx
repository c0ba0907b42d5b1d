import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { Session } from '../../features/auth/api';
import { cancelCampusLink, campusLinkPending, linkCampus } from '../../features/auth/api';
import { errorMessage, notify } from '../../features/auth/notify';
import { i18next } from '../../i18n/i18n';
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
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    campusLinkPending().then(
      (pending) => {
        setEmail(pending.email);
      },
      () => {
        notify('error', i18next.t('auth:toast.signInFailed'), i18next.t('auth:link.expired'));
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
      notify('error', t('toast.signInFailed'), errorMessage(error));
      setBusy(false);
    }
  };

  const cancel = () => {
    void cancelCampusLink().finally(onCancel);
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('link.formLabel')}>
      <Stack gap="lg">
        <FormHeader title={t('link.title')}>
          {email ? t('link.intro', { email, product: productName }) : t('link.loading')}
        </FormHeader>
        <CurrentPasswordField value={password} onChange={setPassword} />
        <SubmitButton busy={busy} icon={<IconLink size={18} />}>
          {t('link.submit')}
        </SubmitButton>
        <Group justify="center">
          <Text size="sm" c="dimmed">
            {t('link.notYours')}{' '}
            <Anchor component="button" type="button" size="sm" fw={500} onClick={cancel}>
              {t('link.cancel')}
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
