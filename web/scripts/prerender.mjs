/**
 * Renders every public route to HTML after `vite build`, so visitors and crawlers get the content
 * and metadata before any script runs (the client hydrates it). Also writes robots.txt and
 * sitemap.xml. Output: dist/index.html, dist/<route>/index.html, dist/404.html.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = resolve(import.meta.dirname, '..');
const outDir = resolve(webRoot, process.env.WEB_DIST_DIR ?? 'dist');
const ssrEntry = 'src/site/entry-server.tsx';

async function buildRenderer() {
  // Inside node_modules so the bundle resolves react and friends from the workspace.
  const cacheDir = join(webRoot, 'node_modules', '.cache');
  await mkdir(cacheDir, { recursive: true });
  const ssrOutDir = await mkdtemp(join(cacheDir, 'site-prerender-'));
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: ssrEntry, outDir: ssrOutDir, emptyOutDir: true, manifest: false, copyPublicDir: false },
  });
  const renderer = await import(pathToFileURL(join(ssrOutDir, 'entry-server.js')).href);
  return { renderer, cleanup: () => rm(ssrOutDir, { recursive: true, force: true }) };
}

/** The stylesheets and modules of a route's lazily loaded page chunk and its imports. */
function pageAssets(manifest, source, alreadyLoaded) {
  const modules = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || alreadyLoaded.has(chunk.file) || modules.has(chunk.file)) return;
    modules.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (source) visit(source);
  return { modules: [...modules].map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) };
}

/** Files the entry page already loads itself (the entry chunk and its static imports). */
function entryFiles(manifest) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  return files;
}

/**
 * The page's own stylesheets go after the site's (Vite puts those last in the head), so the
 * cascade is the same as when a visitor navigates to the page inside the site. Its modules are
 * not preloaded here: the entry fetches them once the page has painted (src/site/main.tsx).
 */
function pageHtml(template, { head, html, styles }) {
  const stylesheets = styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('\n    ');
  return template
    .replace('<!--site-head-->', head)
    .replace('</head>', stylesheets ? `  ${stylesheets}\n  </head>` : '</head>')
    .replace('<!--site-html-->', html);
}

/** The entry is small and the HTML complete: its script must not compete with the styles for bandwidth. */
const lowPriorityScripts = (page) =>
  page.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');

const outputFileOf = (path) => (path === '/' ? 'index.html' : path === '/404' ? '404.html' : `${path.slice(1)}/index.html`);

function sitemapXml(origin, paths) {
  const urls = paths.map((path) => `  <url><loc>${origin}${path === '/' ? '/' : path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

const robotsTxt = (origin) => `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /embed/\n\nSitemap: ${origin}/sitemap.xml\n`;

const manifestPath = join(outDir, '.vite', 'manifest.json');
const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
const template = await readFile(join(outDir, 'index.html'), 'utf8');
const loadedByEntry = entryFiles(manifest);
const { renderer, cleanup } = await buildRenderer();

try {
  const { render, pageModulesScript, SITE_PAGES, NOT_FOUND_PATH, SITE_ORIGIN } = renderer;
  const routes = [...SITE_PAGES.map((p) => ({ path: p.path, source: p.source })), { path: NOT_FOUND_PATH, source: null }];
  for (const { path, source } of routes) {
    const { html, head } = await render(path);
    const { modules, styles } = pageAssets(manifest, source, loadedByEntry);
    const page = lowPriorityScripts(pageHtml(template, { head: `${head}\n    ${pageModulesScript(modules)}`, html, styles }));
    const file = join(outDir, outputFileOf(path));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page);
    console.log(`prerendered ${path} -> ${outputFileOf(path)} (${Math.round(page.length / 1024)} kB)`);
  }
  const indexable = SITE_PAGES.filter((p) => p.chrome === 'site' && !p.unlisted).map((p) => p.path);
  await writeFile(join(outDir, 'sitemap.xml'), sitemapXml(SITE_ORIGIN, indexable));
  await writeFile(join(outDir, 'robots.txt'), robotsTxt(SITE_ORIGIN));
} finally {
  await cleanup();
  // The manifest only serves this script; it is not part of the public site.
  await rm(join(outDir, '.vite'), { recursive: true, force: true });
}
