/**
 * Settings that turn on an optional feature. When one of them is invalid (malformed, too short,
 * missing its partner, unsafe in production), that feature alone is turned off and the process
 * starts, with an error logged at start naming the setting and what is off: a too-short
 * METRICS_TOKEN must not stop the migration, the app and the cron with it.
 *
 * Not here on purpose, so an invalid value still stops start-up:
 * - what everything needs (DATABASE_*, SESSION_SECRET, PUBLIC_URL, SMTP_URL in production);
 * - restrictions, where "off" would open something up: SIGNUP_EMAIL_DOMAINS, SEARCH_VERIFIED_ONLY,
 *   AUTH_PASSWORD, the RATE_LIMIT_* rules;
 * - where "off" would lose data quietly: S3_* (uploads would land on one server's disk),
 *   BACKUP_DIR/BACKUP_KEEP (nights without a backup, noticed only when one is needed).
 */
export interface OptionalFeature {
  /** What is turned off, in the words of the log line. */
  disabled: string;
  /** The settings that configure it: all of them are ignored while it is off. */
  settings: readonly string[];
}

export const OPTIONAL_FEATURES: readonly OptionalFeature[] = [
  { disabled: '/metrics is off (it answers 404)', settings: ['METRICS_TOKEN'] },
  {
    disabled: 'payments are off (every payment button says payments are not configured)',
    settings: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL'],
  },
  {
    disabled: 'campus sign-in is off (no campus button; password sign-in only)',
    settings: ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_BUTTON_LABEL', 'OIDC_SCOPES'],
  },
  { disabled: 'speech-to-text is off (the microphone is hidden)', settings: ['WHISPER_MODEL', 'WHISPER_TIMEOUT_MS'] },
  {
    disabled: 'the read replica is not used (every read goes to the primary)',
    settings: ['DATABASE_REPLICA_URL', 'REPLICA_MAX_LAG_MS'],
  },
];

/** A feature turned off at start, and why. */
export interface DisabledFeature {
  disabled: string;
  /** "SETTING: problem" lines, as a ConfigError would have named them. */
  issues: string[];
}

export function optionalFeatureOf(setting: string): OptionalFeature | undefined {
  const name = setting.replace(/_FILE$/, '');
  return OPTIONAL_FEATURES.find((feature) => feature.settings.includes(name));
}

/** One log line per feature: the setting, its problem, and what is off until it is fixed. */
export function describeDisabled(feature: DisabledFeature): string {
  return `${feature.issues.join('; ')}: ${feature.disabled} until this is fixed`;
}
