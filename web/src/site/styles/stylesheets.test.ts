/**
 * The site's stylesheets arrive separately: the entry's (styles/index.css and its imports) with
 * the first page, and each lazily loaded page's own sheet (and Leaflet's) whenever its chunk
 * loads, before or after the entry's depending on how the visitor arrived. So no rule may reach
 * into another sheet's elements: each class belongs to one sheet, and a page's own sheet styles
 * only classes under its prefix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SITE = resolve(import.meta.dirname, '..');
const ENTRY = join(SITE, 'main.tsx');
const require = createRequire(import.meta.url);

/** The class prefix each page sheet of ours keeps to. A new lazily loaded sheet must be listed here. */
const PAGE_SHEET_PREFIXES: Record<string, string> = {
  'forms/kit/forms.css': 'form-',
  'forms/spam-check/spam-check.css': 'spam-check',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The stylesheets a module imports, resolved to files. */
function cssImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^import '([^']+\.css)';$/gm)].map(([, spec]) =>
    spec.startsWith('.') ? resolve(dirname(file), spec) : require.resolve(spec),
  );
}

/** A sheet's text with its local @imports inlined (the build bundles them into one file). */
function bundledCss(file: string): string {
  return readFileSync(file, 'utf8').replace(/@import '([^']+)';/g, (_, spec: string) => bundledCss(resolve(dirname(file), spec)));
}

/** Every selector of a sheet's style rules (keyframe steps and at-rule preludes left out). */
function selectors(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/'[^']*'|"[^"]*"/g, '""');
  const found: string[] = [];
  let start = 0;
  let keyframesDepth = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '{') {
      const prelude = text.slice(start, i).trim();
      depth++;
      if (prelude.startsWith('@keyframes')) keyframesDepth = depth;
      else if (!prelude.startsWith('@') && !(keyframesDepth && depth > keyframesDepth)) {
        found.push(...prelude.split(',').map((s) => s.trim()));
      }
      start = i + 1;
    } else if (char === '}') {
      if (depth === keyframesDepth) keyframesDepth = 0;
      depth--;
      start = i + 1;
    } else if (char === ';') {
      start = i + 1;
    }
  }
  return found;
}

const classesOf = (selector: string) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name);

const entrySheets = cssImports(ENTRY);
const lazySheets = sourceFiles(SITE)
  .filter((file) => file !== ENTRY)
  .flatMap(cssImports);
const sheetName = (file: string) => (file.startsWith(SITE) ? relative(SITE, file) : relative(resolve(SITE, '../..'), file));

describe('the site stylesheets', () => {
  it('are found: the entry sheet and the lazily loaded ones', () => {
    expect(entrySheets.map(sheetName)).toEqual(['styles/index.css']);
    expect(lazySheets.map(sheetName)).toEqual(expect.arrayContaining(['forms/kit/forms.css']));
    expect(lazySheets.some((file) => file.includes('leaflet'))).toBe(true);
  });

  it('never style the same class from two separately loaded sheets', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of [...entrySheets, ...new Set(lazySheets)]) {
      for (const name of selectors(bundledCss(file)).flatMap(classesOf)) {
        owners.set(name, (owners.get(name) ?? new Set()).add(sheetName(file)));
      }
    }
    const shared = [...owners]
      .filter(([, sheets]) => sheets.size > 1)
      .map(([name, sheets]) => `${name}: ${[...sheets].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it("keep every rule of a page's own sheet under that sheet's class prefix", () => {
    const ours = [...new Set(lazySheets)].filter((file) => file.startsWith(SITE));
    for (const file of ours) {
      const prefix = PAGE_SHEET_PREFIXES[sheetName(file)];
      expect(prefix, `${sheetName(file)} needs a class prefix in PAGE_SHEET_PREFIXES`).toBeDefined();
      const unscoped = selectors(bundledCss(file)).filter((s) => !classesOf(s).some((name) => name.startsWith(prefix)));
      expect(unscoped, sheetName(file)).toEqual([]);
    }
  });

  it('leave the page sheets their prefixes: the entry sheet styles none of those classes', () => {
    const prefixes = Object.values(PAGE_SHEET_PREFIXES);
    const intruding = entrySheets
      .flatMap((file) => selectors(bundledCss(file)))
      .filter((s) => classesOf(s).some((name) => prefixes.some((prefix) => name.startsWith(prefix))));
    expect(intruding).toEqual([]);
  });
});
