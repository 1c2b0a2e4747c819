import { resolve } from 'node:path';

/** The repository's root folder (tests only: the server itself never computes paths from its source). */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');
