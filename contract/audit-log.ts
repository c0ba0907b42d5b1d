import { z } from 'zod';

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/** GET /api/admin/audit-log?limit=50&before=<iso> */
export const AuditLogQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
  before: z.iso
    .datetime({ offset: true, error: 'before must be a date and time such as 2026-11-28T10:00:00.000Z.' })
    .transform((value) => new Date(value))
    .optional(),
});

/** What an administrator did. */
export const AuditEntry = z.strictObject({
  id: z.uuid(),
  /** Kept when the administrator's account is purged: it still says who it was. */
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Newest first; a page may hold a few more than asked when entries share a millisecond. */
export const AuditLogPage = z.strictObject({ entries: z.array(AuditEntry) });
export type AuditLogPage = z.infer<typeof AuditLogPage>;
