// Outgoing mail as the administrator sees it: counts by state and the deliveries given up on.
import useSWR from 'swr';

import type { MailStatus } from '../../../../contract/admin-mail';

export type { MailStatus };

export function useFailedMail() {
  return useSWR<MailStatus, Error>('/api/admin/mail?state=failed&limit=20');
}
