import { issuesOf } from '../test/config-issues.js';
import { loadConfig } from './config.js';
import { settingNames } from './settings.js';
import { describeDisabled, OPTIONAL_FEATURES } from './config-features.js';

// The rule: an invalid setting of an optional feature turns that feature off and says why; the
// process still starts. An invalid setting that everything needs still stops it.

const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://kindred.example.edu' };

it('turns /metrics off for a METRICS_TOKEN under 16 characters instead of refusing to start', () => {
  const config = loadConfig({ METRICS_TOKEN: 'short' });
  expect(config.metricsToken).toBeUndefined();
  expect(config.disabledFeatures).toEqual([{ disabled: '/metrics is off (it answers 404)', issues: ['METRICS_TOKEN: must be at least 16 characters'] }]);
  expect(describeDisabled(config.disabledFeatures[0]!)).toBe('METRICS_TOKEN: must be at least 16 characters: /metrics is off (it answers 404) until this is fixed');
});

it('turns /metrics off for a METRICS_TOKEN_FILE it cannot read', () => {
  const config = loadConfig({ METRICS_TOKEN_FILE: '/nonexistent/metrics-token' });
  expect(config.metricsToken).toBeUndefined();
  expect(config.disabledFeatures[0]!.issues).toEqual(['METRICS_TOKEN_FILE: cannot read /nonexistent/metrics-token (ENOENT)']);
});

it('turns payments off for a malformed key, a live key without its webhook secret, or a test address beside a live key', () => {
  for (const env of [
    { STRIPE_SECRET_KEY: 'pk_test_abc' },
    { ...production, STRIPE_SECRET_KEY: 'sk_live_abc' },
    { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_API_URL: 'http://127.0.0.1:9' },
  ]) {
    const config = loadConfig(env);
    expect(config.payments).toEqual({ stripeSecretKey: undefined, stripeWebhookSecret: undefined, stripeApiUrl: undefined });
    expect(config.disabledFeatures.map((feature) => feature.disabled)).toEqual([expect.stringMatching(/^payments are off/)]);
  }
});

it('turns campus sign-in off when its settings are incomplete or unsafe, unless it is the only way in', () => {
  for (const env of [{ OIDC_ISSUER: 'https://idp.example.edu' }, { ...production, OIDC_ISSUER: 'http://idp.example.edu', OIDC_CLIENT_ID: 'kindred' }, { OIDC_ISSUER: 'https://idp', OIDC_CLIENT_ID: 'k', OIDC_SCOPES: 'openid,email' }]) {
    const config = loadConfig(env);
    expect(config.identity.oidc).toBeUndefined();
    expect(config.identity.passwordSignIn).toBe(true);
    expect(config.disabledFeatures.map((feature) => feature.disabled)).toEqual([expect.stringMatching(/^campus sign-in is off/)]);
  }
  // AUTH_PASSWORD=off: without campus sign-in nobody could sign in, so it stops, naming both.
  expect(issuesOf({ AUTH_PASSWORD: 'off', OIDC_ISSUER: 'https://idp.example.edu' })).toEqual([
    'AUTH_PASSWORD: off needs campus sign-in (OIDC_ISSUER and OIDC_CLIENT_ID); nobody could sign in',
    'OIDC_CLIENT_ID: required for campus sign-in (set OIDC_ISSUER and OIDC_CLIENT_ID together)',
  ]);
});

it('turns speech-to-text and the read replica off for their own bad settings', () => {
  const speech = loadConfig({ WHISPER_MODEL: '/models/ggml-base.bin', WHISPER_TIMEOUT_MS: 'soon' });
  expect(speech.speech.whisperModel).toBeUndefined();
  expect(speech.disabledFeatures.map((feature) => feature.disabled)).toEqual([expect.stringMatching(/^speech-to-text is off/)]);
  const replica = loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica/kindred' });
  expect(replica.databaseReplicaUrl).toBeUndefined();
  expect(replica.disabledFeatures[0]!.issues).toEqual(['DATABASE_REPLICA_URL: needs DATABASE_URL or DATABASE_HOST (the embedded database has no replicas)']);
});

it('still stops on a bad required setting, and names the optional ones beside it so one restart fixes all', () => {
  expect(issuesOf({ SESSION_SECRET: 'short', METRICS_TOKEN: 'short' })).toEqual(['SESSION_SECRET: must be at least 32 characters', 'METRICS_TOKEN: must be at least 16 characters']);
  expect(issuesOf({ DATABASE_URL: 'mysql://db/k' })[0]).toMatch(/^DATABASE_URL: /);
  expect(issuesOf({ ...production, SESSION_SECRET: '', METRICS_TOKEN: 'short' })).toEqual(['SESSION_SECRET: required in production (at least 32 random characters)', 'METRICS_TOKEN: must be at least 16 characters']);
  // Restrictions are not optional features: turning them off would open sign-up or search up.
  expect(issuesOf({ SIGNUP_EMAIL_DOMAINS: 'not a domain' })[0]).toMatch(/^SIGNUP_EMAIL_DOMAINS\b/);
});

it('lists only settings config.ts reads, each in one feature', () => {
  const listed = OPTIONAL_FEATURES.flatMap((feature) => feature.settings);
  expect(listed.filter((name) => !settingNames.includes(name))).toEqual([]);
  expect(new Set(listed).size).toBe(listed.length);
});
