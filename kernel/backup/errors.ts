/**
 * A refusal or failure of `backup` or `restore` the operator can act on: the CLI prints its message as
 * one line (no stack) and exits with status 1.
 */
export class BackupError extends Error {}
