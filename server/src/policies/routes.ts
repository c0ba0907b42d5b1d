import { type Express, type RequestHandler, Router } from 'express';
import type { RouteParameters } from 'express-serve-static-core';

import { type Action, authorizeAudience, RULES } from './index.js';

/**
 * Every route is declared with its rule: an action of the rule table (`'public'`, `'member'`,
 * `'admin'` or a resource action such as `'comment.delete'`). The route enforces the rule's
 * audience before its own handlers (a visitor gets 401, a member on an admin route 403); the
 * part about the resource is asked through `authorize` where the resource is loaded.
 * `route-rules.test.ts` lists the app's routes and fails on any declared some other way.
 */
export type RouteRule = Action;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Like Express's own `router.get(path, ...)`: the handlers see the path's parameters typed. */
type Declare = <Path extends string | RegExp>(path: Path, rule: RouteRule, ...handlers: RequestHandler<RouteParameters<Path>>[]) => RuledRouter;

export interface RuledRouter {
  /** The Express router to mount. Middleware that is not a route (an error handler, a 404) goes on it directly. */
  readonly router: Router;
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
}

const declared = new WeakMap<object, RouteRule>();

/** The rule a route was declared with (undefined: it was added without one). */
export function ruleOf(route: object): RouteRule | undefined {
  return declared.get(route);
}

function guard(rule: RouteRule): RequestHandler {
  return (req, _res, next) => {
    authorizeAudience(req.user, rule);
    next();
  };
}

export function ruledRouter(router: Router = Router()): RuledRouter {
  const declare =
    (method: Method): Declare =>
    (path, rule, ...handlers) => {
      if (!Object.hasOwn(RULES, rule)) throw new Error(`route ${String(path)}: "${rule}" is not a rule (policies/rules.ts)`);
      const route = router.route(path);
      declared.set(route, rule);
      const chain = handlers as RequestHandler[];
      if (RULES[rule].audience === 'anyone') route[method](...chain);
      else route[method](guard(rule), ...chain);
      return api;
    };
  const api: RuledRouter = { router, get: declare('get'), post: declare('post'), put: declare('put'), patch: declare('patch'), delete: declare('delete') };
  return api;
}

export interface ListedRoute {
  method: string;
  path: string;
  rule: RouteRule | undefined;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: string | RegExp; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route of an app (Express 5: app.router's stack, mounted routers' own stacks) with its declared rule. */
export function listRoutes(app: Express): ListedRoute[] {
  const found: ListedRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const rule = ruleOf(layer.route);
        const path = typeof layer.route.path === 'string' ? prefix + layer.route.path : `${prefix}${String(layer.route.path)}`;
        for (const [method, on] of Object.entries(layer.route.methods)) if (on) found.push({ method, path, rule });
      } else if (layer.handle.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}
