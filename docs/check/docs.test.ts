import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchors, repoReferences } from './repo-references';

const ROOT = resolve(import.meta.dirname, '../..');
const git = (args: string[], input?: string) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', input }).split('\n').filter(Boolean);

/** Every markdown file of the working tree that git does not ignore (committed or not). */
const MARKDOWN = git(['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md']).filter((f) =>
  existsSync(join(ROOT, f)),
);
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const namesIn = (folder: string) => new Set(readdirSync(join(ROOT, folder)));

/**
 * The paths git ignores as files or as folders (build output such as api/dist, data, results):
 * docs name them, a fresh clone does not have them.
 */
function ignored(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  let answered: string[];
  try {
    answered = git(['check-ignore', '--stdin'], paths.flatMap((p) => [p, `${p}/`]).join('\n'));
  } catch (error) {
    // Exit status 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
  return new Set(answered.map((p) => p.replace(/\/$/, '')));
}

describe('the markdown files of the repository', () => {
  it('are found', () => {
    expect(MARKDOWN).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/README.md', 'bench/README.md']));
  });

  it('link to and name only files and headings that exist (CONTRIBUTING.md#docs-stay-true)', () => {
    const topLevel = namesIn('.');
    const anchors = new Map<string, Set<string>>();
    const anchorsOf = (file: string) => {
      if (!anchors.has(file)) anchors.set(file, headingAnchors(read(file)));
      return anchors.get(file)!;
    };
    const problems: string[] = [];
    const missing: { where: string; path: string }[] = [];
    for (const file of MARKDOWN) {
      const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.';
      for (const reference of repoReferences(read(file), { file, topLevel, siblings: namesIn(folder) })) {
        const where = `${file}:${reference.line} ${reference.kind === 'link' ? `(${reference.text})` : `\`${reference.text}\``}`;
        if (!existsSync(join(ROOT, reference.path))) missing.push({ where, path: reference.path });
        else if (reference.fragment && reference.path.endsWith('.md') && !anchorsOf(reference.path).has(reference.fragment))
          problems.push(`${where}: no heading #${reference.fragment} in ${reference.path}`);
      }
    }
    const buildOutput = ignored([...new Set(missing.map((m) => m.path))]);
    for (const { where, path } of missing) if (!buildOutput.has(path)) problems.push(`${where}: ${path} does not exist`);
    expect(problems).toEqual([]);
  });
});

describe('docs/operations.md#migrations', () => {
  const section = read('docs/operations.md').split(/^## /m).find((s) => s.startsWith('Migrations\n'))!;

  it('lists every migration of api/src/db/migrations, in order, and no other', () => {
    const listed = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    const files = readdirSync(join(ROOT, 'api/src/db/migrations'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(listed).toEqual(files);
  });
});

describe("CONTRIBUTING.md's example migration", () => {
  it('has a timestamp no migration has taken', () => {
    const example = /export class \w+?(\d{13}) implements MigrationInterface/.exec(read('CONTRIBUTING.md'));
    expect(example).not.toBeNull();
    const taken = readdirSync(join(ROOT, 'api/src/db/migrations')).map((f) => f.split('-')[0]);
    expect(taken).not.toContain(example![1]);
  });
});
