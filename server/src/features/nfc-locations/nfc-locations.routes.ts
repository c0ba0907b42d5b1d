import type { Request, Router } from 'express';

import { DeletedNfcLocation, NfcLocations, SavedNfcLocation } from '../../../../contract/nfc-locations.js';
import { uuidParam } from '../../middleware/validate.js';
import { ruledRouter } from '../../policies/routes.js';
import { createLocationSchema, NFC_LOCATION_MESSAGES, updateLocationSchema } from './nfc-locations.schema.js';
import type { NfcLocationsService } from './nfc-locations.service.js';

function locationId(req: Request): string {
  return uuidParam(req, 'id', { message: NFC_LOCATION_MESSAGES.notFound, code: 'location_not_found' });
}

/** The admin dashboard's NFC Locations tab (administrator only). */
export function nfcLocationsRoutes(deps: { nfcLocations: NfcLocationsService }): Router {
  const { nfcLocations } = deps;
  const routes = ruledRouter();
  routes.get('/admin/nfc-locations', 'admin', { response: NfcLocations }, async (_req, res) => {
    res.json(await nfcLocations.list());
  });
  routes.post('/admin/nfc-locations', 'admin', { body: createLocationSchema, response: SavedNfcLocation }, async (req, res) => {
    res.status(201).json(await nfcLocations.create(req.user!, req.body));
  });
  routes.patch('/admin/nfc-locations/:id', 'admin', { body: updateLocationSchema, response: SavedNfcLocation }, async (req, res) => {
    res.json(await nfcLocations.update(req.user!, locationId(req), req.body));
  });
  routes.delete('/admin/nfc-locations/:id', 'admin', { response: DeletedNfcLocation }, async (req, res) => {
    res.json(await nfcLocations.delete(req.user!, locationId(req)));
  });
  return routes.router;
}
