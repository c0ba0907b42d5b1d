import type { Router } from 'express';

import type { Config } from '../../config.js';
import { byIp, rateLimit, worded } from '../../middleware/rate-limit.js';
import { parseInput } from '../../middleware/validate.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { CONNECTION_MESSAGES, ConnectRequest, ConnectResponse, ExchangeTokenResponse, LookupResponse, userCode } from '../../../../contract/connections.js';
import type { ConnectionsService } from './connections.service.js';

/** Find by code and profile exchange (members only). Every try at a code counts, found or not. */
export function connectionsRoutes(deps: { connections: ConnectionsService; limiter: RateLimitService; config: Config }): Router {
  const { connections, limiter, config } = deps;
  const routes = ruledRouter();
  const minutes = (seconds: number) => CONNECTION_MESSAGES.tooMany(Math.ceil(seconds / 60));
  const codeLimits = [
    worded(rateLimit(limiter, 'code-user', config.rateLimits.codeUser, (req) => req.user?.id), minutes),
    worded(rateLimit(limiter, 'code-ip', config.rateLimits.codeIp, byIp), minutes),
  ];

  routes.post('/connections/exchange-token', 'member', { response: ExchangeTokenResponse }, async (req, res) => {
    res.json(await connections.exchangePayload(req.user!.id));
  });
  routes.get('/connections/code/:code', 'member', { response: LookupResponse }, ...codeLimits, async (req, res) => {
    res.json(await connections.lookup(req.user!.id, parseInput(userCode, req.params.code)));
  });
  // The member is found by their code (tries are limited), where the service asks `profile.connect`.
  routes.post('/connections', 'member', { body: ConnectRequest, response: ConnectResponse }, ...codeLimits, async (req, res) => {
    res.json(await connections.connect(req.user!.id, req.body));
  });
  return routes.router;
}
