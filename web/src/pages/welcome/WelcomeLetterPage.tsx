import { Box, Button, Container, Group } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { Session } from '../../features/auth/api';
import { notify } from '../../features/auth/notify';
import type { Letter } from '../../features/welcome/letter';
import { letterFileName, letterText } from '../../features/welcome/letter';
import { productName } from '../../product';
import { RequireMember } from '../moment/RequireMember';
import { useWelcomeLetter } from './useWelcomeLetter';
import classes from './Welcome.module.css';
import { WelcomeLetter } from './WelcomeLetter';

/** Downloads the letter as a .txt file. */
function exportLetter(letter: Letter, t: TFunction<'welcome'>): void {
  try {
    const url = URL.createObjectURL(new Blob([letterText(letter)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = letterFileName(productName);
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 1000);
  } catch {
    notify('error', t('letterPage.exportFailedTitle'), t('letterPage.exportFailed'));
  }
}

function LetterPage({ session }: { session: Session }) {
  const { t } = useTranslation('welcome');
  const { letter, error, retry } = useWelcomeLetter(session);
  const titleId = useId();
  return (
    <Box className={classes.root}>
      <Box component="header" className={classes.header}>
        <Container size={760} h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Button component={Link} to="/welcome" variant="subtle" color="gray" size="compact-md" leftSection={<IconArrowLeft size={18} />}>
              {t('letterPage.back')}
            </Button>
            <Button
              variant="light"
              color="violet"
              size="compact-md"
              radius="xl"
              leftSection={<IconDownload size={16} />}
              disabled={!letter}
              onClick={() => {
                if (letter) exportLetter(letter, t);
              }}
            >
              {t('letterPage.export')}
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size={760} px={{ base: 'md', sm: 'lg' }} py={{ base: 20, sm: 48 }} component="main">
        <Box className={classes.paper}>
          <WelcomeLetter letter={letter} error={error} onRetry={retry} titleId={titleId} />
        </Box>
      </Container>
    </Box>
  );
}

/** /welcome-letter: the welcome letter on its own page, with Back and Export. */
export function WelcomeLetterPage() {
  const { t } = useTranslation('welcome');
  useEffect(() => {
    document.title = t('letterPage.documentTitle', { product: productName });
  }, [t]);
  return <RequireMember>{(_user, session) => <LetterPage session={session} />}</RequireMember>;
}
