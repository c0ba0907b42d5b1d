/** The time, behind an interface so tests can move it (code expiry, token lifetime, rate windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
