// Turns one real `gemini -p` run (its stdout/stderr, the requests the mock received, the bash probe's log, the
// proof file the shell tool writes) into an Observation, in the shape hookplay's simulateGeminiSession produces.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const RAN_FILE = '.oracle-ran';

/** stderr lines that are the CLI's own chatter, not about hooks. */
const BOILERPLATE = [/^Warning: 256-color support not detected/, /^YOLO mode is enabled/, /^Ripgrep is not available/, /^Loaded cached credentials/, /^\s*$/];

export function normalizer({ project, home, root }) {
  const pairs = [
    [project, '$PROJECT'],
    [home, '$HOME'],
    [root, '$ROOT'],
  ];
  const one = (s) => {
    let out = s;
    for (const [p, r] of pairs) out = out.split(p).join(r);
    // eslint-disable-next-line no-control-regex
    return out.replace(/\u001b\[[0-9;]*m/g, '').replace(/Process Group PGID: \d+/g, 'Process Group PGID: N').replace(/total duration: \d+ms/g, 'total duration: Nms');
  };
  const walk = (v) => (typeof v === 'string' ? one(v) : Array.isArray(v) ? v.map(walk) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)])) : v);
  return walk;
}

/** stderr without the CLI's chatter and without the one-time "project-level hooks detected" notice. */
export function hookLines(stderr) {
  const lines = stderr.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('WARNING: The following project-level hooks have been detected')) {
      while (i < lines.length && !lines[i].startsWith('please review the project settings')) i++;
      continue;
    }
    if (BOILERPLATE.some((re) => re.test(line))) continue;
    out.push(line);
  }
  return out;
}

/** The user-side parts of a request, without the CLI's own <session_context> part. */
export function userParts(body) {
  const out = [];
  for (const c of body?.contents ?? []) {
    if (c.role !== 'user') continue;
    for (const p of c.parts ?? []) {
      if (typeof p.text === 'string') {
        if (p.text.startsWith('<session_context>')) continue;
        out.push(p.text);
      } else if (p.functionResponse) out.push(JSON.stringify(p.functionResponse.response));
    }
  }
  return out;
}

export function readProbe(dir) {
  if (!existsSync(dir)) return [];
  const stamps = [...new Set(readdirSync(dir).map((f) => f.replace(/\.(stdin|command)$/, '')))].sort();
  return stamps.map((s) => {
    const raw = readFileSync(join(dir, `${s}.stdin`), 'utf8');
    let input = null;
    try {
      input = JSON.parse(raw);
    } catch {}
    return { at: Number(s.split('-')[0]) / 1e6, command: readFileSync(join(dir, `${s}.command`), 'utf8'), input, raw };
  });
}

export function observe({ run, requests, project, home, root, probeLog, toolAsked, inputOfInterest, sortInputs }) {
  const norm = normalizer({ project, home, root });
  const probe = readProbe(probeLog);
  const hookRuns = {};
  const hookInputs = [];
  for (const p of probe) {
    const event = p.input?.hook_event_name ?? 'unknown';
    hookRuns[event] = (hookRuns[event] ?? 0) + 1;
    hookInputs.push({ event, command: norm(p.command), input: norm(inputOfInterest(event, p.input ?? {})) });
  }
  const asked = toolAsked && requests.length > 0;
  const ranPath = join(project, RAN_FILE);
  const executed = existsSync(ranPath);
  const last = requests[requests.length - 1];
  const observation = {
    exitCode: run.code,
    requests: requests.length,
    tool: asked ? { executed, ran: executed ? readFileSync(ranPath, 'utf8').trim() : null } : null,
    modelSaw: last ? userParts(last.body).map(norm) : [],
    userSaw: hookLines(norm(run.stderr)),
    answer: norm(run.stdout).trim(),
    hookRuns,
    hookInputs: sortInputs(hookInputs),
  };
  const starts = probe.map((p) => ({ event: p.input?.hook_event_name, command: norm(p.command), at: p.at }));
  return { observation, starts, stdout: norm(run.stdout).trim() };
}
