/** A backup or restore refused with a message for the operator (the CLI prints it as it is). */
export class BackupError extends Error {}

/** A complete backup folder's name (a `.partial-` or `.restore-` folder never matches). */
export const BACKUP_NAME = /^kindred-\d{8}T\d{9}Z-[0-9a-f]{6}$/;
