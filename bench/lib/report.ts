import { mkdirSync, writeFileSync } from 'node:fs';
import { arch, cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './processes';

export type Row = Record<string, string | number>;

/** Prints rows as an aligned Markdown table (paste-ready for bench/README.md). */
export function printTable(title: string, rows: Row[]): void {
  console.log(`\n### ${title}\n`);
  if (rows.length === 0) return void console.log('(no rows)');
  const columns = Object.keys(rows[0]);
  const cells = rows.map((row) => columns.map((c) => String(row[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of cells) console.log(line(r));
}

export function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
  };
}

/** bench/results/<suite>-<timestamp>.json with the machine and the rows. */
export function writeResults(suite: string, rows: Row[], extra: Record<string, unknown> = {}): string {
  const dir = join(REPO_ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${suite}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ suite, at: new Date().toISOString(), machine: machine(), ...extra, rows }, null, 2)}\n`,
  );
  return file;
}

export const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : NaN);
