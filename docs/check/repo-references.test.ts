import { describe, expect, it } from 'vitest';
import { headingAnchors, repoReferences, type ReferenceContext } from './repo-references';

const context: ReferenceContext = {
  file: 'docs/forms.md',
  topLevel: new Set(['api', 'web', 'docs', '.ci', 'README.md']),
  siblings: new Set(['forms.md', 'admin.md', 'check']),
};
const paths = (markdown: string, where = context) => repoReferences(markdown, where).map((r) => r.path);

describe('repoReferences', () => {
  it('resolves a relative link from the markdown file, with its fragment and line', () => {
    expect(repoReferences('Intro\nSee [the admin](admin.md#filters) and [home](../README.md).', context)).toEqual([
      { kind: 'link', text: 'admin.md#filters', line: 2, path: 'docs/admin.md', fragment: 'filters' },
      { kind: 'link', text: '../README.md', line: 2, path: 'README.md' },
    ]);
  });

  it('takes a fragment alone as a heading of the file itself, and leaves URLs out', () => {
    const found = repoReferences('[below](#uploads), [site](https://example.com/a.md), [mail](mailto:a@b.co)', context);
    expect(found).toEqual([{ kind: 'link', text: '#uploads', line: 1, path: 'docs/forms.md', fragment: 'uploads' }]);
  });

  it('reads a one-word code span from a top-level entry as a path from the root', () => {
    expect(paths('`api/src/main.ts`, `.ci/run`, `web/src/site/`')).toEqual(['api/src/main.ts', '.ci/run', 'web/src/site']);
  });

  it('reads a code span from an entry of the markdown file’s folder as a path from that folder', () => {
    expect(paths('`check/docs.test.ts`')).toEqual(['docs/check/docs.test.ts']);
  });

  it('drops a trailing fragment or line number from a code path', () => {
    expect(paths('`docs/forms.md#uploads` and `api/src/app.ts:12`')).toEqual(['docs/forms.md', 'api/src/app.ts']);
  });

  it('does not read placeholders, patterns, routes, media types or sentences as paths', () => {
    const spans = [
      '`api/src/db/migrations/<timestamp>-<what>.ts`',
      '`web/e2e/**/*.spec.ts`',
      '`api/src/{a,b}.ts`',
      '`api/...`',
      '`/api/health`',
      '`text/plain`',
      '`src/main/index.ts`',
      '`npm run build -w web/`',
      '`https://example.com/api/x`',
    ];
    expect(paths(spans.join(' '))).toEqual([]);
  });

  it('skips fenced code blocks, and links inside code spans', () => {
    const markdown = ['```ts', "import x from 'api/src/gone.ts';", '```', '`[not a link](gone.md)`', '~~~', '[x](gone.md)', '~~~'];
    expect(repoReferences(markdown.join('\n'), context)).toEqual([]);
  });

  it('reads only the links of a HISTORY.md: its code paths name the files of their time', () => {
    const history = { ...context, file: 'bench/HISTORY.md' };
    expect(paths('`api/src/db/gone.ts` in [the README](README.md#results)', history)).toEqual(['bench/README.md']);
  });

  it('keeps a link that leaves the repository as written, so it is reported missing', () => {
    expect(paths('[up](../../outside.md)')).toEqual(['../../outside.md']);
  });
});

describe('headingAnchors', () => {
  it('gives each heading the anchor GitHub gives it', () => {
    const markdown = [
      '# Forms',
      '## Spam protection',
      '### `ALTCHA_COST` and friends',
      '## Success and failure!',
      '## Spam protection',
      '## [Linked](x.md) heading',
      '```',
      '# not a heading',
      '```',
      '## Café, über 100 % (v2)',
    ].join('\n');
    expect([...headingAnchors(markdown)]).toEqual([
      'forms',
      'spam-protection',
      'altcha_cost-and-friends',
      'success-and-failure',
      'spam-protection-1',
      'linked-heading',
      'café-über-100--v2',
    ]);
  });
});
