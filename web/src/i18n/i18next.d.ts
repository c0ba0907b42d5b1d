import 'i18next';

import type account from '../../../content/i18n/app/en/account.json';
import type admin from '../../../content/i18n/app/en/admin.json';
import type auth from '../../../content/i18n/app/en/auth.json';
import type common from '../../../content/i18n/app/en/common.json';
import type connections from '../../../content/i18n/app/en/connections.json';
import type errors from '../../../content/i18n/app/en/errors.json';
import type exchange from '../../../content/i18n/app/en/exchange.json';
import type general from '../../../content/i18n/app/en/general.json';
import type landing from '../../../content/i18n/app/en/landing.json';
import type mailbox from '../../../content/i18n/app/en/mailbox.json';
import type maintenance from '../../../content/i18n/app/en/maintenance.json';
import type moderation from '../../../content/i18n/app/en/moderation.json';
import type moments from '../../../content/i18n/app/en/moments.json';
import type onboarding from '../../../content/i18n/app/en/onboarding.json';
import type payment from '../../../content/i18n/app/en/payment.json';
import type profile from '../../../content/i18n/app/en/profile.json';
import type search from '../../../content/i18n/app/en/search.json';
import type settings from '../../../content/i18n/app/en/settings.json';
import type shell from '../../../content/i18n/app/en/shell.json';
import type site from '../../../content/i18n/app/en/site.json';
import type speech from '../../../content/i18n/app/en/speech.json';
import type touchpoints from '../../../content/i18n/app/en/touchpoints.json';
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
      account: typeof account;
      admin: typeof admin;
      auth: typeof auth;
      common: typeof common;
      connections: typeof connections;
      errors: typeof errors;
      exchange: typeof exchange;
      general: typeof general;
      landing: typeof landing;
      mailbox: typeof mailbox;
      maintenance: typeof maintenance;
      moderation: typeof moderation;
      moments: typeof moments;
      onboarding: typeof onboarding;
      payment: typeof payment;
      profile: typeof profile;
      search: typeof search;
      settings: typeof settings;
      shell: typeof shell;
      site: typeof site;
      speech: typeof speech;
      touchpoints: typeof touchpoints;
      welcome: typeof welcome;
    };
  }
}
