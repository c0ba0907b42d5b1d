import { type ErrorRequestHandler, type Express, type Request, type RequestHandler, Router } from 'express';
import type { RouteParameters } from 'express-serve-static-core';
import type { ParsedQs } from 'qs';
import type { z } from 'zod';

import { parseInput, validateBody } from '../middleware/validate.js';
import { NotFoundError } from '../errors.js';
import { type Action, authorize, authorizeAudience, type ResourceOf, RULES, type Wording } from './index.js';

/**
 * Every route is declared with its rule: an action of the rule table (`'public'`, `'member'`,
 * `'admin'` or a resource action such as `'comment.delete'`). The route enforces the rule's
 * audience before its own handlers (a visitor gets 401, a member on an admin route 403); a rule
 * about a resource has its contract load it (`resource`), and the router asks `authorize` with it
 * before the handlers, which find it in `res.locals.resource`.
 * `route-rules.test.ts` lists the app's routes and fails on any declared some other way.
 */
export type RouteRule = Action;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * How a route finds the thing its rule is about: `load` reads it (undefined: there is none, a 404
 * in `notFound`'s words), and a refusal is in `wording`'s. It may carry more than the rule reads
 * (the row the handler goes on with).
 */
export interface ResourceLoader<T, Body = unknown> {
  /** Runs after the contract's body and query are parsed: `Body` is the parsed body's type. */
  load: (req: Request<Record<string, string>, unknown, Body>) => Promise<T | undefined>;
  notFound: Wording;
  wording?: Wording;
}

/**
 * What a route takes and gives, from contract/: its JSON body and query string, parsed before the
 * handlers (a bad one is a 400 in the schema's words), and the response its handler sends. A
 * response that does not match fails the request (500) in development and tests, and is logged in
 * production.
 */
export interface RouteContract<R extends RouteRule = RouteRule> {
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /**
   * A route that answers with something other than JSON says what instead: a stored or generated
   * file, a redirect, plain text, or no body at all (204). The route walk requires every route to
   * name either its JSON `response` or this.
   */
  sends?: 'file' | 'redirect' | 'text' | 'nothing';
  /**
   * Handlers that must answer before the body is read: a refusal that does not depend on it (the
   * password sign-in turned off) comes first, as it always has.
   */
  before?: RequestHandler[];
  /** The thing a resource rule is about, loaded and authorized before the handlers. */
  resource?: ResourceLoader<ResourceOf<R>, never>;
}

/**
 * A handler of a route with contract `C`: `req.body` and `req.query` are the parsed requests and
 * `res.json` takes the response. A route whose contract names no body takes none: its `req.body`
 * is `unknown` (a raw body, an upload stream or nothing).
 */
type ContractHandler<Path extends string | RegExp, C extends RouteContract> = RequestHandler<
  RouteParameters<Path>,
  C['response'] extends z.ZodType ? z.input<C['response']> : unknown,
  C['body'] extends z.ZodType ? z.output<C['body']> : unknown,
  C['query'] extends z.ZodType ? z.output<C['query']> : ParsedQs,
  C['resource'] extends ResourceLoader<infer T, never> ? { resource: T } : Record<string, unknown>
>;

/** Like Express's own `router.get(path, ...)`, with the route's rule and its contract first. */
type Declare = <Path extends string | RegExp, R extends RouteRule, C extends RouteContract<R>>(path: Path, rule: R, contract: C, ...handlers: ContractHandler<Path, C>[]) => RuledRouter;

export interface RuledRouter {
  /** The Express router to mount. Everything on it is declared through `get`…`delete` and `use`. */
  readonly router: Router;
  /**
   * A handler mounted under a path rather than a method (static files, a fallback, a path's error
   * handler), with its rule: the audience is enforced before the handlers as for a route (an
   * error handler runs only after one of the path's routes, which enforced its own).
   */
  use(path: string, rule: RouteRule, ...handlers: RequestHandler[]): RuledRouter;
  use(path: string, rule: RouteRule, ...handlers: ErrorRequestHandler[]): RuledRouter;
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
}

const declared = new WeakMap<object, RouteRule>();
const contracts = new WeakMap<object, RouteContract>();
/** Routers made by ruledRouter: the route walk asks every handler in them for its rule. */
const ruledRouters = new WeakSet<object>();

/** The rule a route was declared with (undefined: it was added without one). */
export function ruleOf(route: object): RouteRule | undefined {
  return declared.get(route);
}

/** Replaces the parsed query string (Express 5 reads `req.query` through a getter). */
function parseQuery(schema: z.ZodType): RequestHandler {
  return (req, _res, next) => {
    Object.defineProperty(req, 'query', { value: parseInput(schema, req.query), writable: true, configurable: true, enumerable: true });
    next();
  };
}

/** Holds every successful JSON response to the schema: loudly outside production, in the log in production. */
function checkResponse(schema: z.ZodType, path: string): RequestHandler {
  return (req, res, next) => {
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode < 400) {
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          const issues = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
          if (req.app.get('env') !== 'production') throw new Error(`${req.method} ${path}: the response does not match its contract (${issues.join('; ')})`);
          req.log?.error({ issues }, 'a response does not match its contract');
        }
      }
      return send(body);
    };
    next();
  };
}

/** Loads the rule's resource and asks `authorize` with it; the handlers find it in `res.locals.resource`. */
function authorizeResource(rule: RouteRule, loader: ResourceLoader<unknown, never>): RequestHandler {
  return async (req, res, next) => {
    const resource = await loader.load(req as Request<Record<string, string>, unknown, never>);
    if (resource === undefined) throw new NotFoundError(loader.notFound.message, loader.notFound.code);
    (authorize as (actor: unknown, action: RouteRule, resource: unknown, wording?: Wording) => void)(req.user, rule, resource, loader.wording);
    res.locals.resource = resource;
    next();
  };
}

function contractHandlers(rule: RouteRule, contract: RouteContract, path: string): RequestHandler[] {
  return [
    ...(contract.response ? [checkResponse(contract.response, path)] : []),
    ...(contract.before ?? []),
    ...(contract.query ? [parseQuery(contract.query)] : []),
    ...(contract.body ? [validateBody(contract.body)] : []),
    ...(contract.resource ? [authorizeResource(rule, contract.resource)] : []),
  ];
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
    (path, rule, contract, ...handlers) => {
      if (!Object.hasOwn(RULES, rule)) throw new Error(`route ${String(path)}: "${rule}" is not a rule (policies/rules.ts)`);
      if (typeof contract !== 'object' || contract === null) throw new Error(`route ${String(path)}: the contract comes after the rule`);
      if (!contract.response === !contract.sends) throw new Error(`route ${String(path)}: its contract names its JSON response or what it sends instead (sends), one of the two`);
      if ((RULES[rule].about === 'a resource') !== (contract.resource !== undefined)) {
        throw new Error(`route ${String(path)}: "${rule}" is about ${RULES[rule].about}, so its contract ${RULES[rule].about === 'a resource' ? 'loads it (resource) for the router to authorize' : 'loads no resource'}`);
      }
      const route = router.route(path);
      declared.set(route, rule);
      contracts.set(route, contract);
      const chain = [...contractHandlers(rule, contract, String(path)), ...(handlers as RequestHandler[])];
      if (RULES[rule].audience === 'anyone') route[method](...chain);
      else route[method](guard(rule), ...chain);
      return api;
    };
  const use = (path: string, rule: RouteRule, ...handlers: (RequestHandler | ErrorRequestHandler)[]): RuledRouter => {
    if (!Object.hasOwn(RULES, rule)) throw new Error(`use ${path}: "${rule}" is not a rule (policies/rules.ts)`);
    const chain = RULES[rule].audience === 'anyone' ? handlers : [guard(rule), ...handlers];
    for (const handler of chain) declared.set(handler, rule);
    router.use(path, ...(chain as RequestHandler[]));
    return api;
  };
  const api: RuledRouter = { router, get: declare('get'), post: declare('post'), put: declare('put'), patch: declare('patch'), delete: declare('delete'), use };
  ruledRouters.add(router);
  return api;
}

export interface ListedRoute {
  method: string;
  path: string;
  rule: RouteRule | undefined;
}

/** The routes of `listRoutes` with the contract each was declared with (undefined: added without ruledRouter). */
export function listContracts(app: Express): (ListedRoute & { contract: RouteContract | undefined })[] {
  const found: (ListedRoute & { contract: RouteContract | undefined })[] = [];
  walkRoutes(app, (route, listed) => {
    if (listed.method !== 'use') found.push({ ...listed, contract: contracts.get(route) });
  });
  return found;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: string | RegExp; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/**
 * Every route of an app (Express 5: app.router's stack, mounted routers' own stacks) with its
 * declared rule; with `handlers`, also every handler `use`d in a ruled router (method 'use').
 */
export function listRoutes(app: Express, options: { handlers?: boolean } = {}): ListedRoute[] {
  const found: ListedRoute[] = [];
  walkRoutes(app, (_route, listed) => {
    if (listed.method !== 'use' || options.handlers) found.push(listed);
  });
  return found;
}

function walkRoutes(app: Express, visit: (route: object, listed: ListedRoute) => void): void {
  const walk = (stack: Layer[], prefix: string, ruled: boolean) => {
    for (const layer of stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      if (layer.route) {
        const rule = ruleOf(layer.route);
        const path = typeof layer.route.path === 'string' ? prefix + layer.route.path : `${prefix}${String(layer.route.path)}`;
        for (const [method, on] of Object.entries(layer.route.methods)) if (on) visit(layer.route, { method, path, rule });
      } else if (layer.handle.stack) {
        walk(layer.handle.stack, prefix + mount, ruledRouters.has(layer.handle));
      } else if (ruled) {
        // A handler `use`d in a ruled router: it answers requests, so it needs a rule like a route.
        visit(layer.handle, { method: 'use', path: prefix + (mount || '/'), rule: ruleOf(layer.handle) });
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', false);
}
