import type { Kysely } from 'kysely';

import type { DeletedNfcLocation, NfcLocation, NfcLocations, SavedNfcLocation } from '../../../../contract/nfc-locations.js';
import type { DB } from '../../db/schema.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { AuditLogService } from '../audit-log/audit-log.service.js';
import type { NfcLocationRow, NfcLocationsRepository } from './nfc-locations.repository.js';
import { type CreateLocationInput, NFC_LOCATION_MESSAGES as M, type UpdateLocationInput } from './nfc-locations.schema.js';
import { transaction } from '../../db/transaction.js';


type Actor = { id: string; email: string };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * The touchpoints (spec part 3, NFC Locations tab): the administrator lists, creates, edits and
 * deletes them; each change is written to the audit log in the same transaction.
 */
export class NfcLocationsService {
  constructor(private readonly deps: { db: Kysely<DB>; locations: NfcLocationsRepository; auditLog: AuditLogService }) {}

  async list(): Promise<NfcLocations> {
    return { locations: (await this.deps.locations.list()).map(toLocation) };
  }

  async create(actor: Actor, input: CreateLocationInput): Promise<SavedNfcLocation> {
    const { db, locations, auditLog } = this.deps;
    try {
      const row = await transaction(db, async (trx) => {
        const created = await locations.insert(trx, {
          location_id: input.locationId,
          name: input.name,
          address: input.address ?? null,
          is_active: input.isActive ?? true,
          created_by: actor.id,
        });
        await auditLog.recordIn(trx, { actor, action: 'nfc_location.create', targetType: 'nfc_location', targetId: created.id, details: { locationId: created.location_id, name: created.name, address: created.address, isActive: created.is_active } });
        return created;
      });
      return { location: toLocation(row) };
    } catch (error) {
      // The only unique column an insert can collide on is the location ID (in any case).
      if (isUniqueViolation(error)) throw new ConflictError(M.locationIdTaken, 'location_id_taken');
      throw error;
    }
  }

  async update(actor: Actor, id: string, input: UpdateLocationInput): Promise<SavedNfcLocation> {
    const { db, locations, auditLog } = this.deps;
    const row = await transaction(db, async (trx) => {
      const before = await locations.forUpdate(trx, id);
      if (!before) throw new NotFoundError(M.notFound, 'location_not_found');
      const after = await locations.update(trx, id, { name: input.name, address: input.address, is_active: input.isActive });
      await auditLog.recordIn(trx, { actor, action: 'nfc_location.update', targetType: 'nfc_location', targetId: id, details: { locationId: before.location_id, changes: changes(before, after) } });
      return after;
    });
    return { location: toLocation(row) };
  }

  async delete(actor: Actor, id: string): Promise<DeletedNfcLocation> {
    const { db, locations, auditLog } = this.deps;
    await transaction(db, async (trx) => {
      const gone = await locations.delete(trx, id);
      if (!gone) throw new NotFoundError(M.notFound, 'location_not_found');
      await auditLog.recordIn(trx, { actor, action: 'nfc_location.delete', targetType: 'nfc_location', targetId: id, details: { locationId: gone.location_id, name: gone.name } });
    });
    return { deleted: true };
  }
}

/** The fields an edit changed, each as { from, to }. */
function changes(before: NfcLocationRow, after: NfcLocationRow): Record<string, { from: unknown; to: unknown }> {
  const fields = { name: 'name', address: 'address', isActive: 'is_active' } as const;
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, column] of Object.entries(fields)) {
    if (before[column] !== after[column]) changed[field] = { from: before[column], to: after[column] };
  }
  return changed;
}

function toLocation(row: NfcLocationRow): NfcLocation {
  return {
    id: row.id,
    locationId: row.location_id,
    name: row.name,
    address: row.address,
    isActive: row.is_active,
    visitorCount: row.visitor_count,
    createdAt: row.created_at.toISOString(),
  };
}
