import { z } from 'zod';

import { ProfileCard } from './profile-card.js';

/** The spec's words (part 3 §5, §8); the client titles them by code. */
export const CONNECTION_MESSAGES = {
  enterCode: 'Please enter a user code to search.',
  notFound: 'No user found with this code. Please check and try again.',
  self: "You can't connect to yourself.",
  notReady: 'Please complete your profile first.',
  exchangeInvalid: 'Failed to process the received profile data.',
  exchangeExpired: 'This profile code has expired. Ask them to show a fresh one.',
  oneOf: 'Send a user code or an exchange token.',
  tooMany: (minutes: number) => `Too many code searches. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** Spec part 3 §5, §9: the input holds at most 10 characters, trimmed and upper-cased; codes are 8 digits. */
export const CODE_INPUT_MAX = 10;
export const USER_CODE = /^[0-9]{8}$/;

const M = CONNECTION_MESSAGES;

export const userCode = z
  .string({ error: M.enterCode })
  .trim()
  .toUpperCase()
  .pipe(z.string().min(1, M.enterCode).max(CODE_INPUT_MAX, M.notFound));

/** POST /api/connections: by the code typed (find by code) or by the token of an exchanged payload. */
export const ConnectRequest = z
  .strictObject({
    userCode: userCode.optional(),
    token: z.string({ error: M.exchangeInvalid }).max(200, M.exchangeInvalid).optional(),
  })
  .refine((input) => (input.userCode === undefined) !== (input.token === undefined), M.oneOf);
export type ConnectRequest = z.infer<typeof ConnectRequest>;

/** The spec's exchanged NFC profile payload (part 3 §3), with the server's token instead of contact details. */
export const ExchangePayload = z.strictObject({
  type: z.string(),
  profile: z.strictObject({
    id: z.uuid(),
    name: z.string(),
    age: z.number().int().nullable(),
    location: z.string().nullable(),
    profession: z.string().nullable(),
    bio: z.string().nullable(),
    interests: z.array(z.string()),
    avatar_url: z.string().nullable(),
    user_code: z.string().nullable(),
    is_vip: z.boolean(),
    created_at: z.string(),
  }),
  token: z.string(),
  timestamp: z.number(),
});
export type ExchangePayload = z.infer<typeof ExchangePayload>;

/** POST /api/connections/exchange-token */
export const ExchangeTokenResponse = z.strictObject({ payload: ExchangePayload, expiresAt: z.string() });
export type ExchangeTokenResponse = z.infer<typeof ExchangeTokenResponse>;

/** GET /api/connections/code/:code */
export const LookupResponse = z.strictObject({ profile: ProfileCard, connected: z.boolean() });
export type LookupResponse = z.infer<typeof LookupResponse>;

export const CONNECT_STATUSES = ['connected', 'already_connected'] as const;

/** POST /api/connections */
export const ConnectResponse = z.strictObject({ status: z.enum(CONNECT_STATUSES), profile: ProfileCard });
export type ConnectResponse = z.infer<typeof ConnectResponse>;
