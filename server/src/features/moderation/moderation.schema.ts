export const MODERATION_MESSAGES = {
  notFound: 'Profile not found.',
  self: "You can't report or block yourself.",
  evidenceNotFound: 'That message or moment was not found.',
  oneEvidence: 'Report one message or moment at a time.',
  tooMany: (hours: number) => `You have sent many reports recently. Please try again in ${hours} hour${hours === 1 ? '' : 's'}, or write to support.`,
  reportNotFound: 'There are no open reports on that member.',
  /** A hidden member starting something new (policies/moderation.ts mayReachOut). */
  hiddenCannotStart: 'Your profile is hidden while a report is reviewed, so you cannot start new conversations.',
  selfAct: 'You cannot act on reports about yourself.',
  selfSuspend: 'You cannot suspend your own account.',
  /** Due process: hiding, suspending and deleting name why (contract/moderation.ts REASONED_ACTIONS). */
  reasonRequired: 'Please choose a reason.',
  warningSubject: (product: string) => `A note from the ${product} team`,
  warningDefault: (product: string) =>
    `Other members reported something you posted or sent. Please keep to the ${product} community rules: be kind, be honest about who you are, and respect a no. Another report may lead to your profile being hidden or your account being removed.`,
} as const;

export type { ReportRequest as ReportInput } from '../../../../contract/moderation.js';

export type { ModerationAction, ModerationReason } from '../../../../contract/moderation.js';
export { REASONED_ACTIONS } from '../../../../contract/moderation.js';
