import { Chip, Group, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { SearchScope } from '../../features/search/api';

interface Props {
  scope: SearchScope;
  /** The campus sign-in is configured: only then can a member be campus-verified, so only then is the chip offered. */
  campusVerification: boolean;
  busy: boolean;
  onChange: (change: Partial<SearchScope>) => void;
}

/**
 * Who the results show beyond what the words ask: the "Campus-verified only" chip and the
 * "Show everyone" switch (by default a member is shown only to people their own wishes include).
 * Each change searches again in place; the control shows the new state once the results are in.
 */
export function ScopeControls({ scope, campusVerification, busy, onChange }: Props) {
  const { t } = useTranslation('search');
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label={t('results.whoToShow')} data-foreground>
      {campusVerification && (
        <Chip
          size="sm"
          variant="outline"
          checked={scope.verifiedOnly}
          disabled={busy}
          onChange={(checked) => {
            onChange({ verifiedOnly: checked });
          }}
        >
          {t('results.verifiedOnly')}
        </Chip>
      )}
      <Switch
        size="sm"
        label={t('results.showEveryone')}
        description={t('results.showEveryoneHint')}
        checked={scope.showEveryone}
        disabled={busy}
        onChange={(event) => {
          onChange({ showEveryone: event.currentTarget.checked });
        }}
      />
    </Group>
  );
}
