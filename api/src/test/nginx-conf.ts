/**
 * Just enough of nginx's configuration language for tests to ask what a file means rather than how
 * it is written: directives and blocks, which location serves a path, which headers reach the
 * upstream (with nginx's inheritance) and what `set` and `map` variables evaluate to.
 */

export interface Directive {
  name: string;
  args: string[];
  /** The directives inside `{ }`, for block directives (server, location, map ...). */
  block?: Directive[];
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i += 1;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i += 1;
    else if (c === '{' || c === '}' || c === ';') tokens.push(text[i++]);
    else if (c === '"' || c === "'") {
      let value = '';
      for (i += 1; i < text.length && text[i] !== c; i += 1) {
        if (text[i] === '\\') i += 1;
        value += text[i];
      }
      i += 1;
      tokens.push(value);
    } else {
      let value = '';
      while (i < text.length && !/[\s{};]/.test(text[i])) value += text[i++];
      tokens.push(value);
    }
  }
  return tokens;
}

export function parseNginx(text: string): Directive[] {
  const tokens = tokenize(text);
  let at = 0;
  const parseBlock = (): Directive[] => {
    const directives: Directive[] = [];
    while (at < tokens.length && tokens[at] !== '}') {
      const words: string[] = [];
      while (at < tokens.length && !['{', '}', ';'].includes(tokens[at])) words.push(tokens[at++]);
      const end = tokens[at++];
      if (end === '{') {
        directives.push({ name: words[0], args: words.slice(1), block: parseBlock() });
        if (tokens[at++] !== '}') throw new Error(`unclosed block ${words.join(' ')}`);
      } else if (end === ';') directives.push({ name: words[0], args: words.slice(1) });
      else throw new Error(`directive without ';': ${words.join(' ')}`);
    }
    return directives;
  };
  const top = parseBlock();
  if (at < tokens.length) throw new Error('unbalanced }');
  return top;
}

export const named = (directives: Directive[] | undefined, name: string) => (directives ?? []).filter((d) => d.name === name);

/** Every directive of the tree, blocks included, depth first. */
export function everyDirective(directives: Directive[]): Directive[] {
  return directives.flatMap((d) => [d, ...everyDirective(d.block ?? [])]);
}

/**
 * The location block nginx picks for `path` in `server`: an exact match, else the longest prefix
 * when it is `^~` or no regex matches, else the first matching regex.
 */
export function locationFor(server: Directive, path: string): Directive | undefined {
  const locations = named(server.block, 'location').map((location) => {
    const [modifier, pattern] = location.args.length > 1 ? location.args : ['', location.args[0]];
    return { location, modifier, pattern };
  });
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === path);
  if (exact) return exact.location;
  const prefix = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && path.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length)[0];
  if (prefix?.modifier === '^~') return prefix.location;
  const regex = locations.find(
    (l) => (l.modifier === '~' || l.modifier === '~*') && new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(path),
  );
  return regex?.location ?? prefix?.location;
}

/**
 * The headers nginx sends upstream from the innermost of `levels` (outermost first) that sets any:
 * proxy_set_header is inherited only by levels that set none of their own. Names are lower-cased.
 */
export function proxyHeaders(levels: Directive[][]): Map<string, string> {
  const level = [...levels].reverse().find((directives) => named(directives, 'proxy_set_header').length > 0) ?? [];
  return new Map(named(level, 'proxy_set_header').map((d) => [d.args[0].toLowerCase(), d.args[1]]));
}

/** The argument of the innermost of `levels` that has directive `name` (nginx's usual inheritance). */
export function inherited(levels: Directive[][], name: string): string[] | undefined {
  return [...levels].reverse().flatMap((directives) => named(directives, name))[0]?.args;
}

/**
 * `value` with its variables replaced: those of `set` in `levels`, those a `map` in `top` computes,
 * and the request's own (`request`, e.g. { http_upgrade: 'websocket' }). Unknown ones stay as written.
 */
export function evaluate(value: string, top: Directive[], levels: Directive[][], request: Record<string, string> = {}): string {
  const sets = new Map(levels.flatMap((directives) => named(directives, 'set')).map((d) => [d.args[0].slice(1), d.args[1]]));
  const lookup = (name: string): string | undefined => {
    if (name in request) return request[name];
    if (sets.has(name)) return evaluate(sets.get(name)!, top, levels, request);
    const map = named(top, 'map').find((m) => m.args[1] === `$${name}`);
    if (!map) return undefined;
    const source = evaluate(map.args[0], top, levels, request);
    const entries = (map.block ?? []).map((d) => [d.name, d.args[0]] as const);
    const hit = entries.find(([key]) => key === source) ?? entries.find(([key]) => key === 'default');
    return hit === undefined ? '' : evaluate(hit[1], top, levels, request);
  };
  return value.replace(/\$\{?(\w+)\}?/g, (whole, name: string) => lookup(name) ?? whole);
}

/** '110m' → bytes (nginx sizes: no unit, k, m or g). */
export function sizeInBytes(size: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  return Number(match[1]) * 1024 ** ['', 'k', 'm', 'g'].indexOf(match[2].toLowerCase());
}
