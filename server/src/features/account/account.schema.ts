import { z } from 'zod';

import { currentPasswordField } from '../../auth/step-up.js';
import { type Language, LANGUAGES } from '../../i18n/languages.js';

/** The phrase the member types to delete their account (spec part 3 §5, §9). */
export const DELETE_PHRASE = 'DELETE MY ACCOUNT';

/** How long a deleted account's data waits before the purge removes it (spec part 3 §9). */
export const PURGE_AFTER_DAYS = 90;

/** The spec's words (part 3 §5, §8). */
export const ACCOUNT_MESSAGES = {
  phraseMismatch: 'Please type the confirmation text exactly as shown',
  scheduled: 'Account scheduled for deletion. You will be signed out.',
  notFound: 'Account not found.',
} as const;

/** PUT /api/account/language. */
export const languageSchema = z.strictObject({
  language: z.enum(LANGUAGES as [Language, ...Language[]], { error: `language must be one of ${LANGUAGES.join(', ')}` }),
});

/** DELETE /api/account. The phrase is checked exactly, here and not only in the browser; `currentPassword` is the step-up proof. */
export const deleteAccountSchema = z.strictObject({
  confirmation: z.string({ error: ACCOUNT_MESSAGES.phraseMismatch }).refine((value) => value === DELETE_PHRASE, ACCOUNT_MESSAGES.phraseMismatch),
  currentPassword: currentPasswordField,
});
