import { execFile } from 'node:child_process';

/** What the registry says of one published version. */
export interface PublishedVersion {
  name: string;
  version: string;
  license: string | null;
  /** Bytes of the package itself once unpacked (its dependencies come on top). */
  unpackedSize: number | null;
  tarballSize: number | null;
}

export class RegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryError';
  }
}

/** Runs `npm view --json`, which honours the user's npm config (registry, proxy, auth) as an install does. */
function npmView(args: string[], signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    execFile('npm', ['view', '--json', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 120_000, ...(signal ? { signal } : {}) }, (error, stdout, stderr) => {
      let parsed: unknown = null;
      try {
        parsed = stdout.trim() ? JSON.parse(stdout) : null;
      } catch {
        // npm printed something else: reported below
      }
      if (error && !parsed) {
        const code = /E404|404 Not Found/.test(stderr + stdout) ? 'not found' : (stderr.trim().split('\n').pop() ?? error.message);
        reject(new RegistryError(`npm view ${args.join(' ')}: ${code}`));
        return;
      }
      resolve(parsed);
    });
  });
}

/** Every version the registry serves of a package, in the registry's order. */
export async function publishedVersions(pkg: string, signal?: AbortSignal): Promise<string[]> {
  const v = await npmView([pkg, 'versions'], signal);
  return Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
}

/** One version's facts, or null when the registry does not serve that version. */
export async function publishedVersion(pkg: string, version: string, signal?: AbortSignal): Promise<PublishedVersion | null> {
  let v: unknown;
  try {
    v = await npmView([`${pkg}@${version}`, 'name', 'version', 'license', 'dist.unpackedSize', 'dist.fileCount'], signal);
  } catch (e) {
    if (e instanceof RegistryError && /not found/.test(e.message)) return null;
    throw e;
  }
  // A version range matching several versions gives an array; an exact version one object; none, nothing.
  const one = Array.isArray(v) ? v.find((x) => (x as { version?: string }).version === version) : v;
  if (!one || typeof one !== 'object') return null;
  const o = one as Record<string, unknown>;
  if (o.version !== version) return null;
  return {
    name: String(o.name ?? pkg),
    version,
    license: typeof o.license === 'string' ? o.license : null,
    unpackedSize: typeof o['dist.unpackedSize'] === 'number' ? (o['dist.unpackedSize'] as number) : null,
    tarballSize: null,
  };
}

/** Compares dotted versions numerically (prerelease tags sort before their release). */
export function compareVersions(a: string, b: string): number {
  const [ma, pa = ''] = a.split('-', 2);
  const [mb, pb = ''] = b.split('-', 2);
  const na = ma!.split('.').map(Number);
  const nb = mb!.split('.').map(Number);
  for (let i = 0; i < Math.max(na.length, nb.length); i++) if ((na[i] ?? 0) !== (nb[i] ?? 0)) return (na[i] ?? 0) - (nb[i] ?? 0);
  if (pa === pb) return 0;
  return pa === '' ? 1 : pb === '' ? -1 : pa < pb ? -1 : 1;
}

/** The published versions nearest to one that is not: the few below and above it, for the error message. */
export function closeVersions(wanted: string, published: string[], count = 3): string[] {
  const releases = published.filter((v) => !v.includes('-')).sort(compareVersions);
  const pool = releases.length ? releases : [...published].sort(compareVersions);
  const at = pool.findIndex((v) => compareVersions(v, wanted) > 0);
  const split = at < 0 ? pool.length : at;
  return [...pool.slice(Math.max(0, split - count), split), ...pool.slice(split, split + count)];
}
