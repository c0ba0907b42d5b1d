import type { Request } from 'express';

import { isLanguage, type Language, languageOfAcceptHeader, SOURCE_LANGUAGE } from './languages.js';

/** The cookie the web app keeps a visitor's choice in (web/src/i18n/i18n.ts writes it). */
export const LANGUAGE_COOKIE = 'kindred_lang';

function cookieLanguage(req: Request): Language | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(req.headers.cookie ?? '');
  const value = match?.[1] ? decodeURIComponent(match[1]) : undefined;
  return isLanguage(value) ? value : undefined;
}

/**
 * The language to answer a request in, where no page is drawn by the browser (an e-mail sent
 * because of it, a PDF): the signed-in member's own, else the visitor's choice in the cookie, else
 * the first of the browser's languages Kindred speaks, else English.
 */
export function requestLanguage(req: Request): Language {
  return req.user?.language ?? cookieLanguage(req) ?? languageOfAcceptHeader(req.headers['accept-language']) ?? SOURCE_LANGUAGE;
}
