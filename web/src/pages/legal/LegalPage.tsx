import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { readableRed } from '../../components/alertStyles';
import { legalPdfUrl, type LegalDocument, useLegalDocument } from '../../features/site/api';

const TITLES: Record<LegalDocument['id'], string> = { 'terms-of-service': 'Terms of Service', 'privacy-policy': 'Privacy Policy' };

/**
 * /terms-of-service and /privacy-policy (spec part 3: Legal pages): back to home, a card with the
 * issuing company, the version and its date, a Download PDF of the same text, then the text.
 */
export function LegalPage({ id }: { id: LegalDocument['id'] }) {
  const { document, error } = useLegalDocument(id);
  return (
    <MemberPageShell title={TITLES[id]} back="/" width={820}>
      <MemberPanel label={TITLES[id]}>
        <Stack gap="sm">
          <Title order={2} fz={22}>
            {TITLES[id]}
          </Title>
          {document ? (
            <>
              <Text size="sm">Issued by {document.company}</Text>
              <Text size="sm" c="dimmed" data-testid="legal-version">
                Version {document.version} · {document.effectiveDate}
              </Text>
            </>
          ) : null}
          <Group>
            <Button component="a" href={legalPdfUrl(id)} download leftSection={<IconDownload size={16} />} color="violet" variant="light">
              Download PDF
            </Button>
          </Group>
        </Stack>
      </MemberPanel>
      {error ? (
        <Alert color="red" styles={readableRed} title="Could not load the text">
          Please reload the page, or download the PDF.
        </Alert>
      ) : !document ? (
        <Center py="xl">
          <Loader color="violet" aria-label="Loading the text" />
        </Center>
      ) : (
        <MemberPanel label="Text">
          <Stack gap="lg">
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
