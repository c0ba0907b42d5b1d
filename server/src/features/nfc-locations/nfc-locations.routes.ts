import { type Request, Router } from 'express';

import type { AuthService } from '../../auth/auth.service.js';
import { requireAdmin } from '../../auth/require-admin.js';
import { uuidParam, validateBody } from '../../middleware/validate.js';
import { createLocationSchema, NFC_LOCATION_MESSAGES, updateLocationSchema } from './nfc-locations.schema.js';
import type { NfcLocationsService } from './nfc-locations.service.js';

function locationId(req: Request): string {
  return uuidParam(req, 'id', { message: NFC_LOCATION_MESSAGES.notFound, code: 'location_not_found' });
}

/** The admin dashboard's NFC Locations tab (administrator only). */
export function nfcLocationsRoutes(deps: { nfcLocations: NfcLocationsService; auth: AuthService }): Router {
  const { nfcLocations } = deps;
  const onlyAdmin = requireAdmin();
  const router = Router();
  router.get('/admin/nfc-locations', onlyAdmin, async (_req, res) => {
    res.json(await nfcLocations.list());
  });
  router.post('/admin/nfc-locations', onlyAdmin, validateBody(createLocationSchema), async (req, res) => {
    res.status(201).json(await nfcLocations.create(req.user!, req.body));
  });
  router.patch('/admin/nfc-locations/:id', onlyAdmin, validateBody(updateLocationSchema), async (req, res) => {
    res.json(await nfcLocations.update(req.user!, locationId(req), req.body));
  });
  router.delete('/admin/nfc-locations/:id', onlyAdmin, async (req, res) => {
    res.json(await nfcLocations.delete(req.user!, locationId(req)));
  });
  return router;
}
