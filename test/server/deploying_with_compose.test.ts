/**
 * Deploying with deploy/compose.yaml, without a container runtime: the compose file is read as written, a real
 * Redis (its service's own command) and a real PostgreSQL run on loopback, and every hookplay step of the file
 * runs through the image's ENTRYPOINT (deploy/Dockerfile) with the service's `command` and `environment` exactly
 * as given. Only what a container network and volumes would provide is replaced: the service host names and
 * ports (redis, postgres, the published port) by the loopback ones, and the /data volume by a temporary folder.
 * Then the header comment's steps: `team add-user alice` prints a token; `up --scale worker=N` starts the server
 * and N workers; alice signs in through the public address (a reverse proxy's Host and Origin), a scenario runs
 * server → queue → a sandboxed worker → back to an outcome, and a short link is stored in PostgreSQL and reads
 * back. What this does not test: the image build (Dockerfile's RUN lines), Docker's seccomp and AppArmor, volumes.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { canonicalJson } from '../../apps/server/src/server/short-links/store.js';
import { REPO } from '../support/paths.js';
import { eventually, processesWith } from '../support/processes.js';
import { marker, mirriScenario } from '../support/scenarios.js';
import { freePort, startPostgres, type Service } from '../support/services.js';
import { connect, isOutcomeOf, type Client } from '../support/ws-client.js';

interface ComposeService {
  image?: string;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
}
const composeText = readFileSync(join(REPO, 'deploy/compose.yaml'), 'utf8');
const compose = parseYaml(composeText) as { services: Record<string, ComposeService> };
const dockerfile = readFileSync(join(REPO, 'deploy/Dockerfile'), 'utf8');

/** The image's ENTRYPOINT (exec form), ENV and WORKDIR, as the Dockerfile gives them. */
const image = {
  entrypoint: JSON.parse(/^ENTRYPOINT\s+(\[.*\])\s*$/m.exec(dockerfile)![1]!) as string[],
  env: Object.fromEntries([...dockerfile.matchAll(/^ENV\s+(\w+)=(\S+)\s*$/gm)].map((m) => [m[1]!, m[2]!])),
  workdir: /^WORKDIR\s+(\S+)\s*$/m.exec(dockerfile)![1]!,
};

/** The header comment's `docker compose ...` lines, without the comment after each. */
const steps = [...composeText.matchAll(/^#[ \t]+docker compose -f deploy\/compose\.yaml (.+?)(?:[ \t]+#.*)?$/gm)].map((m) => m[1]!.trim().split(/[ \t]+/));

const dataVolume = mkdtempSync(join(tmpdir(), 'hookplay-compose-data-'));
const PUBLIC = new URL(compose.services.server!.command!.find((a) => a.startsWith('--public-url='))!.slice('--public-url='.length));
let redis: { port: number; process: ChildProcess };
let postgres: Service;
let serverPort: number;
let server: ChildProcess;
const workers: ChildProcess[] = [];
const logs = new Map<ChildProcess, string>();

/** A service's command with the container network's names and ports replaced by the loopback ones (nothing else). */
function onLoopback(args: readonly string[]): string[] {
  const publishedPort = compose.services.server!.ports![0]!.split(':').at(-1)!;
  const out = args.map((a) =>
    a
      .replace(/\/\/redis:6379\b/, `//127.0.0.1:${redis.port}`)
      .replace(/@postgres:5432\//, `@127.0.0.1:${postgres.port}/`)
      .replace(new RegExp(`^--port=${publishedPort}$`), `--port=${serverPort}`),
  );
  for (const a of out) expect(a, 'a host name of the compose network is left').not.toMatch(/\/\/(redis|postgres)[:/]|@(redis|postgres)[:/]/);
  return out;
}

/** The environment a service's container has: the image's ENV and the service's, with /data the temporary volume. */
function containerEnv(service: ComposeService): NodeJS.ProcessEnv {
  const mounted = (v: string) => v.replace(/^\/data(?=\/|$)/, dataVolume);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const [k, v] of Object.entries({ ...image.env, ...service.environment })) env[k] = mounted(String(v));
  return env;
}

/** `docker compose run`/`up`: the ENTRYPOINT with these arguments, from the image's WORKDIR (the checkout here). */
function runService(service: ComposeService, args: readonly string[]): ChildProcess {
  const [program, ...entryArgs] = image.entrypoint;
  expect(program).toBe('node');
  expect(image.workdir).toBe('/opt/hookplay');
  const child = spawn(process.execPath, [...entryArgs, ...args], { cwd: REPO, env: containerEnv(service), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  logs.set(child, '');
  const keep = (d: Buffer) => {
    log += d;
    logs.set(child, log);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return child;
}

function waitForLog(child: ChildProcess, text: string, ms = 90_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setInterval(() => {
      if ((logs.get(child) ?? '').includes(text)) {
        clearInterval(t);
        resolve();
      } else if (child.exitCode !== null || Date.now() > until) {
        clearInterval(t);
        reject(new Error(`no "${text}" (exit ${child.exitCode}): ${logs.get(child)}`));
      }
    }, 50);
    const until = Date.now() + ms;
  });
}

function finished(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((r) => child.once('exit', (code) => r(code)));
}

/** An HTTP request as the reverse proxy passes it on: the public Host, and the Origin a browser on it sends. */
function viaProxy(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: serverPort,
        method,
        path,
        headers: { Host: PUBLIC.host, Origin: PUBLIC.origin, Authorization: `Bearer ${token}`, ...(data ? { 'Content-Type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

beforeAll(async () => {
  // Redis: the redis service's own command, on a loopback port.
  const redisCommand = compose.services.redis!.command!;
  expect(redisCommand[0]).toBe('redis-server');
  const port = await freePort();
  const redisChild = spawn('setpriv', ['--pdeathsig', 'KILL', '--', ...redisCommand, '--port', String(port), '--bind', '127.0.0.1'], { cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
  redis = { port, process: redisChild };
  logs.set(redisChild, '');
  redisChild.stdout!.on('data', (d) => logs.set(redisChild, logs.get(redisChild) + String(d)));
  await waitForLog(redisChild, 'Ready to accept connections', 30_000);
  // PostgreSQL as the postgres image makes it from the service's environment: POSTGRES_USER owns POSTGRES_DB.
  // (Trust authentication on loopback: the password in the URL is sent and not checked.)
  postgres = await startPostgres();
  const env = compose.services.postgres!.environment!;
  expect(postgres.url).toMatch(new RegExp(`^postgres://${env.POSTGRES_USER}@`));
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${env.POSTGRES_DB} OWNER ${env.POSTGRES_USER}`);
  await admin.end();
  serverPort = await freePort();
}, 120_000);

afterAll(async () => {
  for (const child of [server, ...workers]) if (child && child.exitCode === null) child.kill('SIGTERM');
  await Promise.all([server, ...workers].filter(Boolean).map(finished));
  redis?.process.kill('SIGTERM');
  if (redis) await finished(redis.process);
  await postgres?.stop();
  rmSync(dataVolume, { recursive: true, force: true });
}, 60_000);

describe('deploying with deploy/compose.yaml, its commands run as written', { timeout: 180_000 }, () => {
  let token = '';
  let client: Client;

  it('passes the health checks the server and workers wait for (run against the loopback services)', () => {
    const waitedFor = new Set(Object.values(compose.services).flatMap((svc) => Object.entries(svc.depends_on ?? {}).filter(([, d]) => d.condition === 'service_healthy').map(([name]) => name)));
    expect([...waitedFor].sort()).toEqual(['postgres', 'redis']);
    // In the container each client finds its server at its default address; here the address comes first (redis-cli
    // takes options only before the command).
    const where: Record<string, string[]> = { redis: ['-p', String(redis.port)], postgres: ['-h', '127.0.0.1', '-p', String(postgres.port)] };
    for (const name of waitedFor) {
      const [form, program, ...args] = compose.services[name]!.healthcheck!.test;
      expect(form).toBe('CMD');
      const check = spawnSync(program!, [...where[name]!, ...args], { encoding: 'utf8' });
      expect(check.status, `${name}: ${check.stdout}${check.stderr}`).toBe(0);
    }
  });

  it('adds a user with the header comment\'s `run --rm server team add-user`, into the server\'s data volume', async () => {
    const run = steps.find((s) => s[0] === 'run');
    expect(run?.slice(0, 3)).toEqual(['run', '--rm', 'server']);
    const child = runService(compose.services.server!, run!.slice(3));
    expect(await finished(child)).toBe(0);
    const out = logs.get(child)!;
    token = /^([A-Za-z0-9_-]{40,})$/m.exec(out)?.[1] ?? '';
    expect(token, out).not.toBe('');
    // Hashed in /data/hookplay/team.json (XDG_DATA_HOME=/data), the token itself nowhere.
    const team = readFileSync(join(dataVolume, 'hookplay', 'team.json'), 'utf8');
    expect(team).toContain(run!.at(-1)!);
    expect(team).not.toContain(token);
  });

  it("starts the server and the workers `up --scale` asks for, each with its service's command", async () => {
    const up = steps.find((s) => s[0] === 'up')!;
    const scale = Number(/^worker=(\d+)$/.exec(up[up.indexOf('--scale') + 1] ?? '')?.[1] ?? 1);
    expect(scale).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < scale; i++) workers.push(runService(compose.services.worker!, onLoopback(compose.services.worker!.command!)));
    await Promise.all(workers.map((w) => waitForLog(w, 'taking runs from')));
    for (const w of workers) expect(logs.get(w)).toContain('sandboxed)');
    server = runService(compose.services.server!, onLoopback(compose.services.server!.command!));
    await waitForLog(server, 'hookplay is running at');
    const log = logs.get(server)!;
    expect(log).toContain('team server: 1 user may sign in');
    expect(log).toContain('short links in PostgreSQL');
    expect(log).toContain('(only to workers started with --sandbox)');
    expect(log).toContain(`hookplay is running at ${PUBLIC.origin}/`);
  });

  it('lets alice sign in through the public address and runs her scenario on a sandboxed worker', async () => {
    client = await connect(`http://127.0.0.1:${serverPort}`, token, { host: PUBLIC.host, origin: PUBLIC.origin });
    expect(await client.waitFor((m) => m.type === 'hello')).toMatchObject({ team: { user: 'alice', shortLinks: true } });
    const m = marker();
    // The hostname bubblewrap gives the sandbox, and the uid hooks run as (nobody when the worker is root).
    const hook = `cat /proc/sys/kernel/hostname; id -u; : ${m}; echo '{"decision":"block","reason":"compose"}'; exit 2`;
    client.send({ type: 'run', id: 'compose-1', scenario: mirriScenario([hook]) });
    const done = await client.waitFor(isOutcomeOf('compose-1'), 120_000);
    const outcome = done.event.type === 'outcome' ? done.event.outcome : null;
    expect(outcome?.verdict).toBe('block');
    const [hostname, uid] = outcome!.hooks[0]!.stdout.trim().split('\n');
    expect(hostname).toBe('hookplay-sandbox');
    expect(Number(uid)).toBe(process.getuid?.() === 0 ? 65534 : process.getuid?.());
    expect(await eventually(() => processesWith(m).length === 0, 5000)).toBe(true);
    // Who ran what, in the data volume.
    const audit = readFileSync(join(dataVolume, 'hookplay', 'audit.log'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event: string; user: string; run: string; verdict?: string });
    expect(audit.filter((a) => a.run === 'compose-1').map((a) => [a.event, a.user, a.verdict ?? null])).toEqual([
      ['run-start', 'alice', null],
      ['run-end', 'alice', 'block'],
    ]);
  });

  it('stores her short link in PostgreSQL, and it reads back', async () => {
    const scenario = { ...mirriScenario(['echo shared; exit 2']), title: 'Shared from the team server' };
    const stored = await viaProxy('POST', '/api/links', token, { scenario });
    expect(stored.status, stored.text).toBe(201);
    const { id, path } = JSON.parse(stored.text) as { id: string; path: string };
    const back = await viaProxy('GET', `/api/links/${id}`, token);
    expect(JSON.parse(back.text)).toEqual({ id, scenario });
    // In the database the compose file names, in the table the server made on its first start.
    const db = new pg.Client({ connectionString: compose.services.server!.command!.find((a) => a.startsWith('--database-url='))!.slice('--database-url='.length).replace('@postgres:5432/', `@127.0.0.1:${postgres.port}/`) });
    await db.connect();
    try {
      const rows = await db.query<{ scenario: string }>('SELECT scenario FROM hookplay_short_links WHERE id = $1', [id]);
      expect(rows.rows.map((r) => r.scenario)).toEqual([canonicalJson({ scenario })]);
    } finally {
      await db.end();
    }
    expect((await viaProxy('GET', path, token)).status).toBe(200);
    await client.close();
  });

  it('stops on SIGTERM, every service, leaving no process behind', async () => {
    for (const child of [server, ...workers]) child.kill('SIGTERM');
    expect(await Promise.all([server, ...workers].map(finished))).toEqual([server, ...workers].map(() => 0));
    // Nothing that was given the queue's address is still running (the hooks died with their runs, above).
    expect(processesWith(`//127.0.0.1:${redis.port}`)).toEqual([]);
  });
});
