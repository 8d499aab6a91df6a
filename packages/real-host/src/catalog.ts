import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getDialect } from '@hookplay/engine';

/** The hosts whose real CLI hookplay can install and drive. */
export const REAL_HOST_IDS = ['claude-code', 'codex', 'gemini-cli', 'copilot-cli', 'qwen-code', 'claude-agent-sdk', 'opencode', 'cline'] as const;
export type RealHostId = (typeof REAL_HOST_IDS)[number];

export const isRealHostId = (id: string): id is RealHostId => (REAL_HOST_IDS as readonly string[]).includes(id);

/** How an installed CLI is started: the program, and the arguments before the host's own (a script for node). */
export interface Entry {
  cmd: string;
  pre: string[];
  /** The file that must exist for the install to count as complete. */
  path: string;
}

/** What it takes to install one host's CLI from the npm registry and find its entry point afterwards. */
export interface HostPackage {
  id: RealHostId;
  label: string;
  /** The npm package (its versions are the host's versions). */
  npm: string;
  /** The download, in words, for the install message before the registry says the exact figure. */
  sizeHint: string;
  /**
   * npm's install scripts are not run: each host's postinstall only copies or unpacks what the entry below reaches
   * directly, and a registry package's script is code nobody here has read.
   */
  entry(dir: string, version: string): Entry | null;
}

const arch = () => (process.arch === 'arm64' ? 'arm64' : 'x64');
const modules = (dir: string, ...parts: string[]) => join(dir, 'node_modules', ...parts);

/** The package's own `bin`, run by this node when it is JavaScript, executed when it is a binary. */
function binEntry(dir: string, pkg: string): Entry | null {
  const manifest = modules(dir, ...pkg.split('/'), 'package.json');
  if (!existsSync(manifest)) return null;
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> }).bin;
  const rel = typeof bin === 'string' ? bin : bin ? Object.values(bin)[0] : undefined;
  if (!rel) return null;
  const path = join(dirname(manifest), rel);
  if (!existsSync(path)) return null;
  return isElf(path) ? { cmd: path, pre: [], path } : { cmd: process.execPath, pre: [path], path };
}

function isElf(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(4);
    readSync(fd, head, 0, 4, 0);
    return head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
  } finally {
    closeSync(fd);
  }
}

const native = (path: string): Entry | null => (existsSync(path) ? { cmd: path, pre: [], path } : null);
const script = (path: string): Entry | null => (existsSync(path) ? { cmd: process.execPath, pre: [path], path } : null);

export const HOST_PACKAGES: Record<RealHostId, HostPackage> = {
  'claude-code': {
    id: 'claude-code',
    label: 'Claude Code',
    npm: '@anthropic-ai/claude-code',
    sizeHint: 'about 400 MB',
    // Up to 2.1.112 the package is a cli.js; later builds ship the native binary in a platform package (the main
    // package's bin is a placeholder its postinstall replaces).
    entry: (dir) =>
      native(modules(dir, '@anthropic-ai', `claude-code-linux-${arch()}`, 'claude')) ?? script(modules(dir, '@anthropic-ai', 'claude-code', 'cli.js')),
  },
  codex: {
    id: 'codex',
    label: 'Codex CLI',
    npm: '@openai/codex',
    sizeHint: 'about 420 MB',
    // The `codex` bin is a node launcher for the musl binary of the platform package.
    entry: (dir) => {
      const triple = process.arch === 'arm64' ? 'aarch64-unknown-linux-musl' : 'x86_64-unknown-linux-musl';
      return (
        native(modules(dir, '@openai', `codex-linux-${arch()}`, 'vendor', triple, 'bin', 'codex')) ??
        native(modules(dir, '@openai', 'codex', 'vendor', triple, 'codex', 'codex')) ??
        binEntry(dir, '@openai/codex')
      );
    },
  },
  'gemini-cli': {
    id: 'gemini-cli',
    label: 'Gemini CLI',
    npm: '@google/gemini-cli',
    sizeHint: 'about 100 MB',
    entry: (dir) => script(modules(dir, '@google', 'gemini-cli', 'bundle', 'gemini.js')) ?? binEntry(dir, '@google/gemini-cli'),
  },
  'copilot-cli': {
    id: 'copilot-cli',
    label: 'Copilot CLI',
    npm: '@github/copilot',
    sizeHint: 'about 190 MB, and 235 MB it unpacks on its first run',
    entry: (dir) => binEntry(dir, '@github/copilot'),
  },
  'qwen-code': {
    id: 'qwen-code',
    label: 'Qwen Code',
    npm: '@qwen-code/qwen-code',
    sizeHint: 'about 150 MB',
    entry: (dir) => script(modules(dir, '@qwen-code', 'qwen-code', 'cli.js')) ?? binEntry(dir, '@qwen-code/qwen-code'),
  },
  'claude-agent-sdk': {
    id: 'claude-agent-sdk',
    label: 'Claude Agent SDK',
    npm: '@anthropic-ai/claude-agent-sdk',
    sizeHint: 'about 450 MB (the SDK and the Claude Code binary it bundles)',
    // A library, not a CLI: the harness runs its own app (hosts/claude-agent-sdk/driver.ts) with this node; the install
    // counts once the SDK and the bundled binary it spawns are both there.
    entry: (dir) => {
      const sdk = modules(dir, '@anthropic-ai', 'claude-agent-sdk', 'sdk.mjs');
      return existsSync(sdk) && existsSync(modules(dir, '@anthropic-ai', `claude-agent-sdk-linux-${arch()}`, 'claude')) ? { cmd: process.execPath, pre: [], path: sdk } : null;
    },
  },
  opencode: {
    id: 'opencode',
    label: 'OpenCode',
    npm: 'opencode-ai',
    sizeHint: 'about 160 MB',
    // `opencode-ai` is a node launcher whose postinstall finds the Bun-compiled binary of the platform package.
    entry: (dir) => native(modules(dir, `opencode-linux-${arch()}`, 'bin', 'opencode')) ?? native(modules(dir, `opencode-linux-${arch()}-baseline`, 'bin', 'opencode')),
  },
  cline: {
    id: 'cline',
    label: 'Cline CLI',
    npm: 'cline',
    sizeHint: 'about 420 MB',
    // The `cline` bin is a node resolver for the Bun-compiled binary of the platform package, which npm installs as an
    // optional dependency; the binary is run directly.
    entry: (dir) => native(modules(dir, '@cline', `cli-linux-${arch()}`, 'bin', 'cline')),
  },
};

/** The versions whose rules hookplay's dialect models (and replays recordings of), newest first. */
export function verifiedVersions(id: RealHostId): string[] {
  const dialect = getDialect(id);
  if (dialect.versions) return [...dialect.versions.supported];
  return dialect.verifiedAgainst ? [dialect.verifiedAgainst.version] : [];
}

/** `claude-code@2.1.332` → host and version; the version defaults to the newest the dialect models. */
export function parseHostSpec(spec: string): { host: RealHostId; version: string | null } {
  const at = spec.lastIndexOf('@');
  const id = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : null;
  if (!isRealHostId(id)) throw new Error(`"${id}" is not a host hookplay can run for real; the hosts are ${REAL_HOST_IDS.join(', ')}`);
  if (version !== null && !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
    throw new Error(`"${version}" is not a version: write a published version like ${id}@${verifiedVersions(id)[0] ?? '1.0.0'}`);
  }
  return { host: id, version };
}
