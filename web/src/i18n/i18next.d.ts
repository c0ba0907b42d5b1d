import 'i18next';

import type common from '../../../content/i18n/app/en/common.json';
import type connections from '../../../content/i18n/app/en/connections.json';
import type errors from '../../../content/i18n/app/en/errors.json';
import type moderation from '../../../content/i18n/app/en/moderation.json';
import type search from '../../../content/i18n/app/en/search.json';

/**
 * The English catalogue is the source: every t('namespace:key') is checked against it by the
 * type checker, so a key that is not in the catalogue fails `npm run typecheck`. A namespace's
 * file joins here when it is created (one line each).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      connections: typeof connections;
      errors: typeof errors;
      moderation: typeof moderation;
      search: typeof search;
    };
  }
}
