/**
 * docker-compose.yml as Docker Compose reads it, for tests that check what the file means: both
 * the short and the long syntax of environment, volumes, ports, depends_on and health checks, and
 * `${VAR}` interpolation with its defaults and required variables.
 */
import { load } from 'js-yaml';

type Text = string | number | boolean;

export interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, Text | null> | string[];
  volumes?: (string | { type?: string; source?: string; target: string; read_only?: boolean })[];
  ports?: (string | number | { target: number; published?: string | number })[];
  expose?: (string | number)[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  deploy?: { replicas?: number };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

export const parseCompose = (text: string) => load(text) as ComposeFile;

/**
 * Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`,
 * `${VAR?error}`, `$VAR` and `$$`. A required variable that is missing throws its error.
 */
export function interpolate(value: string, env: Record<string, string | undefined>): string {
  return value.replace(
    /\$(?:\$|\{(\w+)(?:(:?[-?])([^}]*))?\}|(\w+))/g,
    (whole, braced?: string, op?: string, arg?: string, bare?: string) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare)!;
      const set = env[name];
      const missing = op?.startsWith(':') ? !set : set === undefined;
      if (!missing || !op) return set ?? '';
      if (op.endsWith('?')) throw new Error(`${name}: ${arg || 'required'}`);
      return interpolate(arg ?? '', env);
    },
  );
}

/** The service's environment with `env` interpolated (a variable without a value is left out). */
export function environmentOf(service: ComposeService, env: Record<string, string | undefined>): Record<string, string> {
  const entries = Array.isArray(service.environment)
    ? service.environment.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, null] : [line.slice(0, at), line.slice(at + 1)];
      })
    : Object.entries(service.environment ?? {});
  return Object.fromEntries(
    entries.filter(([, value]) => value !== null).map(([name, value]) => [name, interpolate(String(value), env)]),
  );
}

export interface Mount {
  /** A named volume, a host path, or undefined for an anonymous volume. */
  source?: string;
  target: string;
  named: boolean;
  readOnly: boolean;
}

export function mountsOf(service: ComposeService): Mount[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume !== 'string') {
      const named = (volume.type ?? 'volume') === 'volume' && !!volume.source;
      return { source: volume.source, target: volume.target, named, readOnly: !!volume.read_only };
    }
    const parts = volume.split(':');
    if (parts.length === 1) return { target: parts[0], named: false, readOnly: false };
    const [source, target, mode = ''] = parts;
    return { source, target, named: !/^[./~]/.test(source), readOnly: mode.split(',').includes('ro') };
  });
}

/** The container ports a service publishes on the host. */
export function publishedPorts(service: ComposeService, env: Record<string, string | undefined>): number[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object') return Number(port.target);
    const spec = interpolate(String(port), env).replace(/\/(tcp|udp)$/, '');
    return Number(spec.split(':').at(-1));
  });
}

export function dependencies(service: ComposeService): Record<string, string> {
  const dependsOn = service.depends_on ?? [];
  return Array.isArray(dependsOn)
    ? Object.fromEntries(dependsOn.map((name) => [name, 'service_started']))
    : Object.fromEntries(Object.entries(dependsOn).map(([name, d]) => [name, d.condition ?? 'service_started']));
}

/** The health check's command as one line, or null when the service has none (or it is disabled). */
export function healthCommand(service: ComposeService): string | null {
  const check = service.healthcheck;
  if (!check?.test || check.disable) return null;
  if (typeof check.test === 'string') return check.test;
  const [kind, ...command] = check.test;
  return kind === 'NONE' ? null : command.join(' ');
}

/** 'postgres:15-alpine' → 'postgres'; 'docker.io/library/nginx:1' → 'nginx'. */
export const imageName = (image = '') => (image.split('/').at(-1) ?? '').replace(/[:@].*$/, '');
