import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_PACKAGES, REAL_HOST_IDS, verifiedVersions, type Entry, type RealHostId } from '../catalog.js';
import { cacheRoot, hostsDir, installDir, MANIFEST, partialDir } from './paths.js';
import { closeVersions, publishedVersion, publishedVersions, compareVersions } from './registry.js';

export interface InstallManifest {
  host: RealHostId;
  version: string;
  package: string;
  license: string | null;
  bytes: number;
  installedAt: string;
}

export interface Installed {
  host: RealHostId;
  version: string;
  dir: string;
  entry: Entry;
  manifest: InstallManifest;
}

export class HostNotInstalledError extends Error {
  constructor(
    readonly host: RealHostId,
    readonly version: string,
    installedVersions: string[],
  ) {
    super(
      `${HOST_PACKAGES[host].label} ${version} is not installed: run \`npx hookplay hosts install ${host}@${version}\` (${HOST_PACKAGES[host].sizeHint}, into ${cacheRoot()})` +
        (installedVersions.length ? `; installed: ${installedVersions.map((v) => `${host}@${v}`).join(', ')}` : ''),
    );
    this.name = 'HostNotInstalledError';
  }
}

export class InstallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstallError';
  }
}

/** The complete install of that version, or null. An install counts only once its manifest is in place. */
export function findInstalled(host: RealHostId, version: string, root = cacheRoot()): Installed | null {
  const dir = installDir(host, version, root);
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) return null;
  const entry = HOST_PACKAGES[host].entry(dir, version);
  if (!entry) return null;
  return { host, version, dir, entry, manifest: JSON.parse(readFileSync(manifestPath, 'utf8')) as InstallManifest };
}

/** The install to run: that version's, or an error that says how to install it. */
export function requireInstalled(host: RealHostId, version: string, root = cacheRoot()): Installed {
  const found = findInstalled(host, version, root);
  if (found) return found;
  throw new HostNotInstalledError(host, version, listInstalled(root).filter((i) => i.host === host && i.state === 'installed').map((i) => i.version));
}

export interface ListedInstall {
  host: RealHostId;
  version: string;
  state: 'installed' | 'partial';
  bytes: number | null;
  verified: boolean;
}

/** Every install in the cache, complete or interrupted, newest version first per host. */
export function listInstalled(root = cacheRoot()): ListedInstall[] {
  const out: ListedInstall[] = [];
  for (const host of REAL_HOST_IDS) {
    const dir = join(hostsDir(root), host);
    if (!existsSync(dir)) continue;
    const verified = verifiedVersions(host);
    for (const name of readdirSync(dir)) {
      const partial = name.endsWith('.partial');
      const version = partial ? name.slice(0, -'.partial'.length) : name;
      if (!partial) {
        const found = findInstalled(host, version, root);
        if (!found) continue;
        out.push({ host, version, state: 'installed', bytes: found.manifest.bytes, verified: verified.includes(version) });
      } else if (!existsSync(join(dir, version))) out.push({ host, version, state: 'partial', bytes: null, verified: verified.includes(version) });
    }
  }
  return out.sort((a, b) => (a.host === b.host ? compareVersions(b.version, a.version) : REAL_HOST_IDS.indexOf(a.host) - REAL_HOST_IDS.indexOf(b.host)));
}

export interface InstallOptions {
  root?: string;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

/**
 * Installs one version from the npm registry into the cache. Idempotent: an installed version is reported as
 * such. Resumable: an interrupted install stays in `<version>.partial`, which the next install completes (npm
 * reuses what it already unpacked and its own download cache); only a complete install is renamed into place,
 * so nothing half-installed is ever run. A version the registry does not serve fails before anything is written.
 */
export async function installHost(host: RealHostId, version: string, options: InstallOptions = {}): Promise<Installed> {
  const root = options.root ?? cacheRoot();
  const log = options.log ?? (() => {});
  const pkg = HOST_PACKAGES[host];
  const already = findInstalled(host, version, root);
  if (already) {
    log(`${pkg.label} ${version} is already installed in ${already.dir}`);
    return already;
  }
  const published = await publishedVersion(pkg.npm, version, options.signal);
  if (!published) {
    const all = await publishedVersions(pkg.npm, options.signal).catch(() => []);
    const near = closeVersions(version, all);
    throw new InstallError(
      `the npm registry has no ${pkg.npm}@${version}` +
        (near.length ? `; the nearest published versions are ${near.join(', ')}` : '') +
        (all.length ? ` (${all.length} versions published, newest ${[...all].sort(compareVersions).pop()})` : ''),
    );
  }
  const download = await downloadBytes(pkg.npm, version, options.signal);
  log(`${pkg.npm}@${version}: license ${published.license ?? 'not stated'}`);
  log(`downloading${download ? ` ${megabytes(download)} (the package and its platform binary; dependencies come on top)` : ` ${pkg.sizeHint}`} into ${installDir(host, version, root)}`);
  const partial = partialDir(host, version, root);
  if (existsSync(partial)) log('resuming the install interrupted earlier');
  mkdirSync(partial, { recursive: true });
  // A package.json of its own keeps npm from walking up into whatever project the cache sits in.
  if (!existsSync(join(partial, 'package.json'))) writeFileSync(join(partial, 'package.json'), `${JSON.stringify({ name: `hookplay-host-${host}`, private: true })}\n`);
  await npmInstall(partial, `${pkg.npm}@${version}`, log, options.signal);
  const entry = pkg.entry(partial, version);
  if (!entry) throw new InstallError(`installed ${pkg.npm}@${version}, but found no way to start it in ${partial}: this version's package layout is not one hookplay knows`);
  const manifest: InstallManifest = { host, version, package: pkg.npm, license: published.license, bytes: treeBytes(partial), installedAt: new Date().toISOString() };
  writeFileSync(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const dir = installDir(host, version, root);
  renameSync(partial, dir);
  log(`installed ${pkg.label} ${version} (${megabytes(manifest.bytes)} on disk)`);
  const installed = findInstalled(host, version, root);
  if (!installed) throw new InstallError(`the install of ${pkg.npm}@${version} did not complete in ${dir}`);
  return installed;
}

/** Removes an install, complete or interrupted; false when there was none. */
export function removeHost(host: RealHostId, version: string, root = cacheRoot()): boolean {
  let removed = false;
  for (const dir of [installDir(host, version, root), partialDir(host, version, root)]) {
    if (!existsSync(dir)) continue;
    rmSync(dir, { recursive: true, force: true });
    removed = true;
  }
  return removed;
}

function npmInstall(prefix: string, spec: string, log: (line: string) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', spec], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let tail = '';
    const keep = (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const abort = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // gone already
      }
    };
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (e) => reject(new InstallError(`could not start npm: ${e.message}`)));
    child.on('close', (code, sig) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) return reject(new InstallError(`the install of ${spec} was interrupted; run the same command again to finish it`));
      if (code === 0) return resolve();
      const last = tail.trim().split('\n').filter((l) => /npm (ERR|error)/i.test(l)).slice(-4).join('\n') || tail.trim().split('\n').slice(-4).join('\n');
      log(last);
      reject(new InstallError(`npm install ${spec} failed (${sig ?? `exit ${code}`}); what it unpacked is kept, so the same command resumes it`));
    });
  });
}

/**
 * The download, as far as the registry tells it: the tarballs of the package and of its platform binary (an
 * optional dependency), from the registry's HEAD answers. Best effort: null when the registry cannot be asked.
 */
async function downloadBytes(npm: string, version: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const registry = (process.env.npm_config_registry || 'https://registry.npmjs.org/').replace(/\/?$/, '/');
    const doc = (await (await fetch(`${registry}${npm.replace('/', '%2F')}/${version}`, signal ? { signal } : {})).json()) as {
      dist?: { tarball?: string };
      optionalDependencies?: Record<string, string>;
    };
    const platform = `linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
    const tarballs = [doc.dist?.tarball];
    for (const [name, v] of Object.entries(doc.optionalDependencies ?? {})) {
      if (!name.endsWith(platform)) continue;
      const dep = (await (await fetch(`${registry}${name.replace('/', '%2F')}/${v}`, signal ? { signal } : {})).json()) as { dist?: { tarball?: string } };
      tarballs.push(dep.dist?.tarball);
    }
    let total = 0;
    for (const url of tarballs) {
      if (!url) continue;
      const head = await fetch(url, { method: 'HEAD', ...(signal ? { signal } : {}) });
      total += Number(head.headers.get('content-length') ?? 0);
    }
    return total || null;
  } catch {
    return null;
  }
}

function treeBytes(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, name.name);
    if (name.isDirectory()) total += treeBytes(path);
    else if (name.isFile()) total += statSync(path).size;
  }
  return total;
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
