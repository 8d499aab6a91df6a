import type { SessionStep } from '@hookplay/engine';

/** A transcript line that was not replayed, and why: reported, never fatal. */
export interface Skipped {
  line: number;
  why: string;
}

export interface TranscriptRead {
  steps: SessionStep[];
  skipped: Skipped[];
  /** The session's working directory, as the transcript records it (its `cwd` field). */
  cwd?: string;
  sessionId?: string;
}

type Block = { type?: unknown; text?: unknown; name?: unknown; id?: unknown; input?: unknown; tool_use_id?: unknown; content?: unknown; is_error?: unknown };

/** What the user typed that is the host's own bookkeeping, not a prompt (slash-command echoes, caveats). */
const NOT_A_PROMPT = /^\s*<(?:command-name|command-message|command-args|local-command-stdout|local-command-stderr|system-reminder)>|^Caveat: /;
const INTERRUPTED = /^\[Request interrupted by user/;
/** What Claude Code tells the model when the user refused a call at the permission prompt. */
const USER_DENIED = /doesn't want to proceed with this tool use|the user (?:said|denied)|Permission to use .* has been denied/i;
/** What it tells the model when a hook stopped the call. */
const HOOK_BLOCKED = /\bhook\b.*\b(?:block|denied|deny|error)|blocked by .*hook/i;

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content
          .map((b: Block) => (typeof b === 'string' ? b : b && b.type === 'text' && typeof b.text === 'string' ? b.text : ''))
          .filter(Boolean)
          .join('\n')
      : '';

interface Turn {
  prompt: string;
  line: number;
  /** Tool calls and texts of the model, in order. */
  items: ({ kind: 'text'; text: string } | { kind: 'tool'; id: string; name: string; input: Record<string, unknown>; result?: { text: string; isError: boolean } })[];
}

/**
 * A Claude Code transcript (JSONL: `{"type": "user"|"assistant", "message": {"role", "content": [...]}, ...}` per
 * line) as the session steps that replay it: each prompt, each tool call with the result it really had (given, so
 * nothing is re-run for real), the user's answer where the transcript shows one, the final reply, interrupts.
 * Each tool step expects what really happened to the call, so `hookplay test` says where the emulation parts
 * from the real run. Lines it cannot use are listed with why.
 */
export function readTranscript(text: string): TranscriptRead {
  const skipped: Skipped[] = [];
  const turns: (Turn | { interrupt: true; line: number })[] = [];
  const tools = new Map<string, Extract<Turn['items'][number], { kind: 'tool' }>>();
  let cwd: string | undefined;
  let sessionId: string | undefined;
  const current = (): Turn | null => {
    const last = turns.at(-1);
    return last && 'prompt' in last ? last : null;
  };
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    let entry: Record<string, unknown>;
    try {
      const value = JSON.parse(raw) as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
      entry = value as Record<string, unknown>;
    } catch {
      skipped.push({ line, why: 'not a JSON object' });
      return;
    }
    if (typeof entry.cwd === 'string') cwd ??= entry.cwd;
    if (typeof entry.sessionId === 'string') sessionId ??= entry.sessionId;
    const type = entry.type;
    if (type !== 'user' && type !== 'assistant') {
      skipped.push({ line, why: `a "${String(type)}" line: only user and assistant messages are replayed` });
      return;
    }
    if (entry.isSidechain === true) {
      skipped.push({ line, why: 'a subagent\'s message (isSidechain): subagent turns are not replayed' });
      return;
    }
    const message = entry.message as { role?: unknown; content?: unknown } | undefined;
    if (!message || (typeof message.content !== 'string' && !Array.isArray(message.content))) {
      skipped.push({ line, why: `a ${type} line without message.content` });
      return;
    }
    const blocks: Block[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as Block[]);
    if (type === 'user') {
      const results = blocks.filter((b) => b?.type === 'tool_result');
      for (const r of results) {
        const call = typeof r.tool_use_id === 'string' ? tools.get(r.tool_use_id) : undefined;
        if (!call) skipped.push({ line, why: `a tool result for ${String(r.tool_use_id)}, a call this transcript does not show` });
        else call.result = { text: textOf(r.content), isError: r.is_error === true };
      }
      if (results.length) return;
      const said = textOf(blocks);
      if (INTERRUPTED.test(said)) {
        turns.push({ interrupt: true, line });
        return;
      }
      if (entry.isMeta === true || NOT_A_PROMPT.test(said)) {
        skipped.push({ line, why: 'the host\'s own note (a slash command, a caveat), not something the user typed' });
        return;
      }
      if (!said.trim()) {
        skipped.push({ line, why: 'a user message with no text (an image or attachment only)' });
        return;
      }
      turns.push({ prompt: said, line, items: [] });
      return;
    }
    const turn = current();
    if (!turn) {
      skipped.push({ line, why: 'the model speaks before any prompt' });
      return;
    }
    for (const b of blocks) {
      if (b?.type === 'text' && typeof b.text === 'string' && b.text.trim()) turn.items.push({ kind: 'text', text: b.text });
      else if (b?.type === 'tool_use' && typeof b.name === 'string') {
        const call = { kind: 'tool' as const, id: String(b.id), name: b.name, input: (typeof b.input === 'object' && b.input !== null ? b.input : {}) as Record<string, unknown> };
        tools.set(call.id, call);
        turn.items.push(call);
      }
    }
  });
  return { steps: stepsOf(turns), skipped, ...(cwd ? { cwd } : {}), ...(sessionId ? { sessionId } : {}) };
}

function stepsOf(turns: (Turn | { interrupt: true; line: number })[]): SessionStep[] {
  const steps: SessionStep[] = [];
  for (const turn of turns) {
    if (!('prompt' in turn)) {
      if (steps.length) steps.push({ interrupt: true });
      continue;
    }
    steps.push({ prompt: turn.prompt });
    const lastTool = turn.items.map((item) => item.kind).lastIndexOf('tool');
    turn.items.forEach((item) => {
      if (item.kind !== 'tool') return;
      const result = item.result;
      if (!result) {
        // No result: the call never finished (an interrupt, the end of the file): it is played without one.
        steps.push({ tool: item.name, input: item.input, result: { error: 'no result in the transcript' } });
        return;
      }
      const denied = result.isError && USER_DENIED.test(result.text);
      const blocked = result.isError && !denied && HOOK_BLOCKED.test(result.text);
      const ran = !denied && !blocked;

      steps.push({
        tool: item.name,
        input: item.input,
        result: result.isError ? { error: result.text } : { output: result.text },
        // What really happened to the call: where hookplay's emulation decides otherwise, `hookplay test` says so.
        expect: { tool: ran ? { ran } : { ran, decidedBy: blocked ? 'hook' : 'user' } },
      } as SessionStep);
      // The call ran, so nobody refused it: if the emulation asks, the user said yes (a prompt that never came
      // gets a "nothing to approve" note). A refusal at the prompt is replayed as one.
      // (A hook that stopped it for real left no prompt to answer.) The real result is always given, so a call
      // the emulation lets through is never run for real on this machine.
      if (!blocked) steps.push({ approval: denied ? 'deny' : 'allow' });
    });
    const reply = turn.items.slice(lastTool + 1).filter((item): item is { kind: 'text'; text: string } => item.kind === 'text').map((t) => t.text).join('\n');
    if (reply) steps.push({ reply });
  }
  return steps;
}
