import 'i18next';

import type auth from '../../../content/i18n/app/en/auth.json';
import type common from '../../../content/i18n/app/en/common.json';
import type errors from '../../../content/i18n/app/en/errors.json';
import type landing from '../../../content/i18n/app/en/landing.json';
import type shell from '../../../content/i18n/app/en/shell.json';

/**
 * The English catalogue is the source: every t('namespace:key') is checked against it by the
 * type checker, so a key that is not in the catalogue fails `npm run typecheck`. A namespace's
 * file joins here when it is created (one line each).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      auth: typeof auth;
      common: typeof common;
      errors: typeof errors;
      landing: typeof landing;
      shell: typeof shell;
    };
  }
}
