import type { Request, RequestHandler } from 'express';
import type { ParamsDictionary } from 'express-serve-static-core';

/**
 * A request as a handler shared by many routes sees it: it reads nothing of a route's contract,
 * so the body and the query are `unknown` (Express's own defaults are `any`).
 */
export type MiddlewareRequest = Request<ParamsDictionary, never, unknown, unknown, Record<string, unknown>>;

/**
 * A handler that runs on many routes: it fits any route's handler list (a contract's typed request
 * is still a request; it sends no body of its own, so its response takes none), where Express's
 * `RequestHandler` would hand its `any` on to the route.
 */
export type Middleware = RequestHandler<ParamsDictionary, never, unknown, unknown, Record<string, unknown>>;
