/**
 * The admin CLI's commands (see admin.ts for the entry point):
 *   npm run admin -- create <email> [--password <password>]
 *   npm run admin -- reset-password <email> [--password <password>]
 *   npm run admin -- list
 * Without --password a strong one is generated and printed once.
 */
import { adminPasswordSchema, requiredEmail } from '@sourcing/shared';
import type { DataSource } from 'typeorm';
import { createAdmin, findAdminByEmail, resetAdminPassword } from '../auth/admin-accounts';
import { generatePassword } from '../auth/passwords';
import { AdminEntity } from '../auth/schema';

export const USAGE = `Usage:
  npm run admin -- create <email> [--password <password>]
  npm run admin -- reset-password <email> [--password <password>]
  npm run admin -- list`;

export interface CliResult {
  code: number;
  lines: string[];
}

/** Runs one admin command on an open, migrated data source. */
export async function runAdminCommand(dataSource: DataSource, argv: string[]): Promise<CliResult> {
  const [command, emailArg] = argv;
  const flag = argv.indexOf('--password');
  const givenPassword = flag >= 0 ? argv[flag + 1] : undefined;

  if (command === 'list') {
    const admins = await dataSource.getRepository(AdminEntity).find({ order: { email: 'ASC' } });
    return { code: 0, lines: admins.length ? admins.map((a) => a.email) : ['No admins yet.'] };
  }
  if (command !== 'create' && command !== 'reset-password') return { code: 2, lines: [USAGE] };

  const email = requiredEmail().safeParse(emailArg);
  if (!email.success) return { code: 2, lines: [email.error.issues[0].message, USAGE] };
  const password = givenPassword ?? generatePassword();
  const strong = adminPasswordSchema.safeParse(password);
  if (!strong.success) return { code: 2, lines: [strong.error.issues[0].message] };

  const shown = givenPassword ? [] : [`Password: ${password}  (shown once: keep it somewhere safe)`];
  if (command === 'create') {
    if (await findAdminByEmail(dataSource, email.data)) {
      return { code: 1, lines: [`An admin with e-mail ${email.data} already exists; use reset-password.`] };
    }
    const admin = await createAdmin(dataSource, email.data, password);
    return { code: 0, lines: [`Created admin ${admin.email}.`, ...shown] };
  }
  if (!(await resetAdminPassword(dataSource, email.data, password))) {
    return { code: 1, lines: [`No admin with e-mail ${email.data}.`] };
  }
  return { code: 0, lines: [`Password reset for ${email.data.toLowerCase()}; their sessions were signed out.`, ...shown] };
}
