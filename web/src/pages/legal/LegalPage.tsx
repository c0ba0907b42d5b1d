import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { readableRed } from '../../components/alertStyles';
import { legalPdfUrl, type LegalDocument, useLegalDocument } from '../../features/site/api';

/**
 * /terms-of-service and /privacy-policy (spec part 3: Legal pages): back to home, a card with the
 * issuing company, the version and its date, a Download PDF of the same text, then the text.
 */
export function LegalPage({ id }: { id: LegalDocument['id'] }) {
  const { t, i18n } = useTranslation('site');
  // The binding English text on request, without turning the rest of the app to English.
  const [binding, setBinding] = useState(false);
  const { document, error } = useLegalDocument(id, binding ? 'en' : i18n.language);
  const title = t(`legal.${id}`);
  return (
    <MemberPageShell title={title} back="/" width={820}>
      <MemberPanel label={title}>
        <Stack gap="sm">
          <Title order={2} fz={22}>
            {title}
          </Title>
          {document ? (
            <>
              <Text size="sm">{t('legal.issuedBy', { company: document.company })}</Text>
              <Text size="sm" c="dimmed" data-testid="legal-version">
                {t('legal.version', { version: document.version, date: document.effectiveDate })}
              </Text>
              {document.language !== document.binding ? (
                <Alert color="violet" variant="light" title={t('legal.bindingTitle')} data-testid="legal-binding">
                  {t('legal.bindingNotice')}{' '}
                  <Anchor component="button" type="button" fz="sm" c="violet.9" fw={600} underline="always" onClick={() => setBinding(true)}>
                    {t('legal.readEnglish')}
                  </Anchor>
                </Alert>
              ) : null}
            </>
          ) : null}
          <Group>
            <Button component="a" href={legalPdfUrl(id, document?.language ?? i18n.language)} download leftSection={<IconDownload size={16} />} color="violet" variant="light">
              {t('legal.download')}
            </Button>
          </Group>
        </Stack>
      </MemberPanel>
      {error ? (
        <Alert color="red" styles={readableRed} title={t('legal.loadFailedTitle')}>
          {t('legal.loadFailed')}
        </Alert>
      ) : !document ? (
        <Center py="xl">
          <Loader color="violet" aria-label={t('legal.loading')} />
        </Center>
      ) : (
        <MemberPanel label={t('legal.text')}>
          <Stack gap="lg" lang={document.language}>
            {document.pages.flatMap((page) => page.sections).map((section) => (
              <Stack gap={8} key={section.heading} component="section">
                <Title order={2} fz={18}>
                  {section.heading}
                </Title>
                {section.paragraphs.map((paragraph, index) => (
                  <Text key={index} size="sm" lh={1.6}>
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            ))}
          </Stack>
        </MemberPanel>
      )}
    </MemberPageShell>
  );
}
