import { randomInt } from 'node:crypto';
import { REFERENCE_ALPHABET, REFERENCE_LENGTH } from '@sourcing/shared';
import type { ObjectLiteral } from 'typeorm';
import type { Transaction } from '../../db/database';

/**
 * A new reference of a kind: its prefix and six characters from crypto randomness. `randomInt`
 * draws from Node's buffered pool, so a reference costs no call to the system.
 */
export function randomReference(prefix: string): string {
  let code = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${code}`;
}

/** Tries before giving up: with a billion codes per kind, a second collision in a row means something else is wrong. */
const ATTEMPTS = 5;

interface DriverError {
  code?: string;
  constraint?: string;
  message?: string;
}

/**
 * A unique-index violation on the reference column (PostgreSQL 23505 on <table>_reference; SQLite's
 * constraint text), thrown by TypeORM (wrapped) or by the SQLite statement `tx.insert` runs itself (bare).
 */
function isReferenceTaken(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const driverError: DriverError = (error as { driverError?: DriverError }).driverError ?? error;
  if (driverError.code === '23505') return driverError.constraint?.endsWith('_reference') ?? false;
  return driverError.code === 'SQLITE_CONSTRAINT_UNIQUE' && /\.reference\b/.test(driverError.message ?? '');
}

/**
 * Inserts a row under a fresh reference with `insert`, inside the caller's transaction: the unique
 * index decides, and a taken reference is rolled back to a savepoint and drawn again.
 */
export async function insertWithReference<Row extends ObjectLiteral & { reference?: unknown }>(
  tx: Transaction,
  row: Row,
  prefix: string,
  insert: (row: Row) => Promise<void>,
  draw: (prefix: string) => string = randomReference,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    (row as { reference?: unknown }).reference = draw(prefix);
    try {
      await tx.savepoint(() => insert(row));
      return;
    } catch (error) {
      if (!isReferenceTaken(error) || attempt === ATTEMPTS) throw error;
    }
  }
}
