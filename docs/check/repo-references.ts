/**
 * What a markdown file of the repository says about the repository's files, read the way
 * docs/check/docs.test.ts holds it to the tree (the rule is described in CONTRIBUTING.md#docs-stay-true):
 *
 * - a **link** `[text](target)` whose target is not a URL (no scheme) points to a file or folder
 *   relative to the markdown file; its `#fragment`, when it points into a markdown file (or into the
 *   file itself), names one of that file's headings;
 * - a **code path** `` `a/b.ts` ``: a code span of one word holding a `/`, whose first segment is a
 *   top-level entry of the repository (`api/src/main.ts`, `.ci/run`), or an entry of the markdown
 *   file's own folder (`src/main/index.ts` in desktop/README.md), names a file or folder from there.
 *   Spans holding a placeholder or a pattern (`<`, `>`, `*`, `{`, `}`, `[`, `]`, `$`, `...`) are
 *   not paths; a trailing `#fragment` or `:line` is not part of the path.
 *
 * Fenced code blocks are examples, not claims, and are skipped. A `HISTORY.md` is a dated record of
 * what was: its links are read (they lead somewhere today), its code paths are not (they name the
 * files of their time).
 */

/** A reference to a repository path found in a markdown file. */
export interface RepoReference {
  kind: 'link' | 'code';
  /** As written, for the message. */
  text: string;
  /** The 1-based line it is on. */
  line: number;
  /** The path, relative to the repository root ('' for the markdown file itself). */
  path: string;
  /** The heading slug after '#' in a link, if any. */
  fragment?: string;
}

/** How references are resolved: the markdown file's path and the entries a path may start with. */
export interface ReferenceContext {
  /** The markdown file, relative to the repository root with '/' separators. */
  file: string;
  /** The names at the top of the repository. */
  topLevel: ReadonlySet<string>;
  /** The names in the markdown file's folder. */
  siblings: ReadonlySet<string>;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const PLACEHOLDER = /[<>*{}[\]$]|\.\.\./;

/** Joins and normalises repository-relative segments; null when the path leaves the repository. */
function joinPath(base: string, relative: string): string | null {
  const parts = base ? base.split('/') : [];
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '');

/** The markdown without its fenced code blocks, line numbers kept (each fenced line becomes empty). */
function withoutFences(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === null && opening) {
      fence = opening[1];
      return '';
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      return '';
    }
    return line;
  });
}

export function repoReferences(markdown: string, context: ReferenceContext): RepoReference[] {
  const folder = folderOf(context.file);
  const readsCodePaths = !/(^|\/)HISTORY\.md$/.test(context.file);
  const references: RepoReference[] = [];
  withoutFences(markdown).forEach((text, index) => {
    const line = index + 1;
    // Code spans first; links are looked for in the text outside them.
    const outsideCode = text.replace(/`([^`]*)`/g, (_span, inner: string) => {
      const path = readsCodePaths ? codePath(inner, folder, context) : null;
      if (path !== null) references.push({ kind: 'code', text: inner, line, path });
      return '';
    });
    for (const match of outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (SCHEME.test(target)) continue;
      const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
      const path = pathPart === '' ? context.file : joinPath(folder, decodeURI(pathPart));
      references.push({ kind: 'link', text: target, line, path: path ?? target, ...(fragment ? { fragment } : {}) });
    }
  });
  return references;
}

function codePath(span: string, folder: string, context: ReferenceContext): string | null {
  if (!span.includes('/') || /\s/.test(span) || PLACEHOLDER.test(span) || SCHEME.test(span)) return null;
  const path = span.replace(/#.*$/, '').replace(/:\d+(:\d+)?$/, '');
  const first = path.split('/')[0];
  if (context.topLevel.has(first)) return joinPath('', path);
  if (folder !== '' && context.siblings.has(first)) return joinPath(folder, path);
  return null;
}

/**
 * The anchors GitHub gives a markdown file's headings: the text as shown, lower-cased, without
 * punctuation, spaces turned into hyphens; a repeated heading gets -1, -2...
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const shown = heading[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .replace(/<[^>]+>/g, '');
    const slug = shown
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
