import type { Middleware } from './middleware.js';

/**
 * Every API answer is one member's (or says who is signed in): no shared proxy may keep it and
 * the back button must not show it to the next person at the keyboard.
 */
export const noStore: Middleware = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
