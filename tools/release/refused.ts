/** A release the script will not prepare (bad version, dirty tree, nothing in the changelog): exit 1 with its message. */
export class ReleaseRefused extends Error {}
