import type { Request } from 'express';

import { NotFoundError } from '../../errors.js';
import { LOCATION_ID_PATTERN } from '../nfc-locations/nfc-locations.schema.js';

export const TOUCHPOINT_MESSAGES = {
  notFound: 'This touchpoint does not exist or is no longer active.',
  tooMany: (minutes: number) => `Too many requests from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** The ID printed on a tag (`/nfc?location=…`); anything else cannot be a touchpoint. */
export function locationIdParam(req: Request): string {
  const value = req.params.locationId;
  if (typeof value !== 'string' || !LOCATION_ID_PATTERN.test(value)) throw new NotFoundError(TOUCHPOINT_MESSAGES.notFound, 'location_not_found');
  return value;
}

/** The anonymous visitor cookie: 32 hex characters made by the server; anything else is replaced. */
export const VISITOR_COOKIE = 'visitor_id';
const VISITOR_ID = /^[0-9a-f]{32}$/;

export function visitorCookie(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VISITOR_COOKIE) {
      const id = value.join('=');
      return VISITOR_ID.test(id) ? id : undefined;
    }
  }
  return undefined;
}
