import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Sign-in for `hookplay serve --team`: per-user tokens, and optionally one team secret, kept in the data folder
 * as SHA-256 hashes only (team.json, mode 0600). A token is 32 random bytes, so a fast hash is enough: there is
 * no password to guess from it, and a stolen team.json gives no usable token. Whoever presents a token is that
 * user for every run, the per-user run limit and the log of who ran what.
 */
const TeamFile = z.object({
  users: z.array(z.object({ name: z.string(), tokenSha256: z.string().regex(/^[0-9a-f]{64}$/), created: z.string() })),
  secretSha256: z.string().regex(/^[0-9a-f]{64}$/).nullable().default(null),
});
type TeamFile = z.infer<typeof TeamFile>;

export const TEAM_SECRET_USER = 'team-secret';
const USER_NAME = /^[A-Za-z0-9._@-]{1,64}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class TeamAuthError extends Error {}

function fileOf(dataDir: string): string {
  return join(dataDir, 'team.json');
}

function read(dataDir: string): TeamFile {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return { users: [], secretSha256: null };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new TeamAuthError(`${file} is not JSON: ${(e as Error).message}`);
  }
  const parsed = TeamFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new TeamAuthError(`${file}: ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  return parsed.data;
}

function write(dataDir: string, team: TeamFile): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = fileOf(dataDir);
  writeFileSync(`${file}.tmp`, `${JSON.stringify(team, null, 2)}\n`, { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
  chmodSync(file, 0o600);
}

/** Adds a user (or gives an existing one a new token, revoking the old) and returns the token, shown once. */
export function addUser(dataDir: string, name: string): string {
  if (!USER_NAME.test(name)) throw new TeamAuthError(`a user name is 1 to 64 letters, digits, ".", "_", "@" or "-", not "${name.slice(0, 70)}"`);
  if (name === TEAM_SECRET_USER) throw new TeamAuthError(`"${TEAM_SECRET_USER}" names whoever signs in with the team secret; pick another name`);
  const team = read(dataDir);
  const token = randomBytes(32).toString('hex');
  team.users = [...team.users.filter((u) => u.name !== name), { name, tokenSha256: sha256(token), created: new Date().toISOString() }];
  write(dataDir, team);
  return token;
}

export function removeUser(dataDir: string, name: string): boolean {
  const team = read(dataDir);
  const before = team.users.length;
  team.users = team.users.filter((u) => u.name !== name);
  write(dataDir, team);
  return team.users.length < before;
}

/** A new team secret (replacing any earlier one), returned once. */
export function newTeamSecret(dataDir: string): string {
  const team = read(dataDir);
  const secret = randomBytes(32).toString('hex');
  team.secretSha256 = sha256(secret);
  write(dataDir, team);
  return secret;
}

export function listUsers(dataDir: string): { name: string; created: string }[] {
  return read(dataDir).users.map(({ name, created }) => ({ name, created }));
}

export interface TeamAuth {
  /** The user a token signs in as, or null. */
  identify(token: string | null | undefined): string | null;
  readonly userCount: number;
  readonly hasSecret: boolean;
}

/** Loads team.json once at start; throws TeamAuthError when nobody could sign in. */
export function loadTeamAuth(dataDir: string): TeamAuth {
  const team = read(dataDir);
  if (team.users.length === 0 && team.secretSha256 === null) {
    throw new TeamAuthError(`nobody can sign in: ${fileOf(dataDir)} has no users and no team secret. Add one with \`hookplay team add-user NAME --data ${dataDir}\` (or \`hookplay team new-secret\`)`);
  }
  const byHash = new Map(team.users.map((u) => [u.tokenSha256, u.name]));
  const secret = team.secretSha256 ? Buffer.from(team.secretSha256, 'hex') : null;
  return {
    userCount: team.users.length,
    hasSecret: secret !== null,
    identify(token) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 256) return null;
      const hash = sha256(token);
      // A map keyed by the hash: what an attacker can time is a lookup of a value they cannot choose.
      const user = byHash.get(hash);
      if (user !== undefined) return user;
      if (secret && timingSafeEqual(Buffer.from(hash, 'hex'), secret)) return TEAM_SECRET_USER;
      return null;
    },
  };
}

/** Runs per user across all their connections and tabs. */
export class UserRunLimit {
  private readonly running = new Map<string, number>();
  constructor(readonly max: number) {}
  tryStart(user: string): (() => void) | null {
    const n = this.running.get(user) ?? 0;
    if (n >= this.max) return null;
    this.running.set(user, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(user) ?? 1) - 1;
      if (left <= 0) this.running.delete(user);
      else this.running.set(user, left);
    };
  }
  count(user: string): number {
    return this.running.get(user) ?? 0;
  }
}

/** Who ran what: one JSON line per run start and end, in the data folder's audit.log (and nowhere else). */
export class AuditLog {
  private readonly file: string;
  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.file = join(dataDir, 'audit.log');
  }
  write(entry: Record<string, unknown>): void {
    try {
      appendFileSync(this.file, `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`, { mode: 0o600 });
    } catch (e) {
      process.stderr.write(`hookplay serve: could not write the audit log ${this.file}: ${(e as Error).message}\n`);
    }
  }
  get path(): string {
    return this.file;
  }
}
