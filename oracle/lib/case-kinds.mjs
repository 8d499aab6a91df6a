// What the permission, approval, plugin and multi-turn cases (oracle/permission-cases.mjs) add to a run:
// their CLI flags, the stdin driver that answers prompts and sends turns, and the facts observed on top of the
// common observation. A case is of this kind when it sets any of the fields below (or `allowedTools: null`).
import { answerFor, driver, driverArgs, turnScript, turnsOf } from './approvals.mjs';
import { hookTextsInRequest } from './observe.mjs';
import { pluginArgs } from './plugins.mjs';

/** The mock's address, as the CLI names it in notices (its port differs from run to run). */
const MOCK_HOST = /127\.0\.0\.1:\d+/;

export const SESSION_FIELDS = ['session', 'permissionMode', 'answers', 'answerDelayMs', 'turns', 'plugins'];

/** Whether a case is a session case: it talks over stdin, so prompts reach the harness instead of being denied. */
export const isSessionCase = (c) => c.allowedTools === null || SESSION_FIELDS.some((k) => c[k] !== undefined);

/** The case's own fields, for its hash (none for the older cases, whose hashes stay as they were). */
export function sessionFieldsOf(c) {
  if (!isSessionCase(c)) return {};
  return { session: Object.fromEntries(SESSION_FIELDS.filter((k) => c[k] !== undefined).map((k) => [k, c[k]])) };
}

/** How to run a case: flags, the mocked model's script, the stdin driver and what it observed. */
export function caseRun(c, dirs) {
  if (!isSessionCase(c)) return { args: [], env: {}, allowedTools: c.allowedTools ?? 'Bash', script: null, drive: null, extras: () => ({}) };
  const session = { ...c, turns: turnsOf({ ...c, answers: c.answers ?? [] }) };

  const { drive, log } = driver(session);
  return {
    args: [...driverArgs(session), ...(c.permissionMode ? ['--permission-mode', c.permissionMode] : []), ...pluginArgs(c, dirs)],
    // As root (the harness's machines) the CLI refuses bypassPermissions outside a sandbox it is told of.
    env: { IS_SANDBOX: '1' },
    allowedTools: c.allowedTools === undefined ? 'Bash' : c.allowedTools,
    script: turnScript(session.turns, c.toolName ?? 'Bash'),
    drive,
    /** Facts only these cases record: each permission prompt and its answer, each tool call's decision, and (for
     * several turns) the hook texts of every request, so context carried over turns is compared request by request. */
    extras: (requests, events, norm, observation) => {
      const results = events.filter((e) => e.type === 'user' && Array.isArray(e.tool_result_meta));
      return {
        // The mock's port shows in some of the CLI's notices: it differs from run to run.
        userSaw: observation.userSaw.map((t) => t.replaceAll(MOCK_HOST.exec(t)?.[0] ?? '\0', '<api proxy>')),
        asked: log.asked.map((a) => ({ tool: a.tool, command: norm(a.input?.command ?? null), answer: answerFor(a.answer, null) })),
        decisions: results.map((e) => e.tool_result_meta[0]?.permission_decision ?? null),
        ...(c.turns ? { requestsSaw: requests.map((r) => hookTextsInRequest(r.body).map(norm)) } : {}),
        ...(log.otherRequests.length ? { otherControlRequests: log.otherRequests } : {}),
      };
    },
  };
}

/** What `simulateSession` needs on top of the common fields to play a session case. */
export function sessionInputOf(c) {
  if (!isSessionCase(c)) return {};
  return {
    ...(c.allowedTools === null ? { allowedTools: null } : {}),
    ...(c.permissionMode ? { permissionMode: c.permissionMode } : {}),
    ...(c.plugins ? { plugins: c.plugins } : {}),
    ...(c.turns ? { turns: c.turns } : {}),
    // The host answers prompts: the case's answers, the message its denials carry, and its denial once they run out.
    answers: c.answers ?? [],
    denyMessage: answerFor('deny', null).message,
    unanswered: answerFor(null, null),
    ...(c.answerDelayMs ? { answerDelayMs: c.answerDelayMs } : {}),
    apiVia: '<api proxy>',
  };
}

/** What the engine must reproduce of a session case, as checks like compareObservations' own. */
export function compareSessionFacts(real, engine, check, c) {
  if (real.asked === undefined) return;
  // Here every tool result is compared, Claude Code's own permission messages included (another tool's output aside).
  if (real.tool && engine.tool && !(c.toolName && c.toolName !== 'Bash' && real.tool.executed)) check('tool result shown to the model (permission texts included)', real.tool.result, engine.tool.result);
  check('permission prompts and their answers', real.asked, engine.asked ?? []);
  if (!real.unobserved?.includes('decisions')) check('permission decision of each tool call', real.decisions, engine.decisions ?? []);
  if (real.requestsSaw) check('hook texts in each model request', real.requestsSaw, engine.requestsSaw ?? []);
}
