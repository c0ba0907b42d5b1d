import 'i18next';

import type common from '../../../content/i18n/app/en/common.json';
import type errors from '../../../content/i18n/app/en/errors.json';
import type onboarding from '../../../content/i18n/app/en/onboarding.json';
import type profile from '../../../content/i18n/app/en/profile.json';
import type settings from '../../../content/i18n/app/en/settings.json';
import type speech from '../../../content/i18n/app/en/speech.json';
import type welcome from '../../../content/i18n/app/en/welcome.json';

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
      errors: typeof errors;
      onboarding: typeof onboarding;
      profile: typeof profile;
      settings: typeof settings;
      speech: typeof speech;
      welcome: typeof welcome;
    };
  }
}
