import { z } from 'zod';

/**
 * What a user and a model do in a session, in order. Each step is told apart by its one distinguishing key
 * (`prompt`, `tool`, `calls`, `approval`, `reply`, `interrupt`, `resume`, `event`); the host's lifecycle decides which hook events
 * each step fires and what their verdicts do to the steps after it.
 */
const StepExpect = z
  .record(z.string(), z.unknown())
  .optional()
  .describe('A partial match on this step: `tool`, `model`, `notices`, `ended`, or an event name mapped to a partial outcome.');

const Prompt = z
  .object({ prompt: z.string().describe('What the user types: a new turn starts.'), expect: StepExpect })
  .strict();

const ToolResult = z.union([
  z.object({ output: z.string().describe('What the tool returned.') }).strict(),
  z.object({ error: z.string().describe('The tool failed with this message.') }).strict(),
]);

const ToolCall = z
  .object({
    tool: z.string().min(1).describe("The tool the model calls, in the host's own naming (Bash, run_shell_command, ...)."),
    input: z.record(z.string(), z.unknown()).default({}).describe('The tool input the model sends.'),
    result: ToolResult.optional().describe(
      "What the tool returns. Omitted: a shell tool runs its command for real in the scenario's project directory; another tool succeeds with no output.",
    ),
    expect: StepExpect,
  })
  .strict();

const Calls = z
  .object({
    calls: z
      .array(
        z
          .object({
            tool: z.string().min(1).describe("The tool, in the host's own naming."),
            input: z.record(z.string(), z.unknown()).default({}).describe('The tool input the model sends.'),
            result: ToolResult.optional().describe('What the tool returns (omitted: a shell tool runs for real).'),
          })
          .strict(),
      )
      .min(2)
      .describe('Several tool calls the model makes in one message: the host decides and runs each, then goes on with all their results.'),
    expect: StepExpect,
  })
  .strict();

const Resume = z
  .object({
    resume: z
      .enum(['resume', 'continue'])
      .describe('The host process ends and a new one picks the conversation up (`--resume <session>` or `--continue`); a prompt follows.'),
    expect: StepExpect,
  })
  .strict();

const Approval = z
  .object({
    approval: z.enum(['allow', 'deny']).describe('The user answers the permission prompt the call before it raised.'),
    expect: StepExpect,
  })
  .strict();

const Reply = z
  .object({ reply: z.string().describe("The model's final message of the turn (what Stop hooks see)."), expect: StepExpect })
  .strict();

const Interrupt = z.object({ interrupt: z.literal(true).describe('The user interrupts the turn.'), expect: StepExpect }).strict();

const RawEvent = z
  .object({
    event: z.string().min(1).describe('One more event the host fires at this point (Notification, PreCompact, ...).'),
    payload: z.record(z.string(), z.unknown()).default({}),
    expect: StepExpect,
  })
  .strict();

export const SessionStep = z.union([Prompt, ToolCall, Calls, Approval, Reply, Interrupt, Resume, RawEvent]);
export type SessionStep = z.infer<typeof SessionStep>;

export const Session = z
  .object({
    steps: z.array(SessionStep).min(1).describe('What the user and the model do, in order.'),
  })
  .strict();
export type Session = z.infer<typeof Session>;

export type StepKind = 'prompt' | 'tool' | 'calls' | 'approval' | 'reply' | 'interrupt' | 'resume' | 'event';

export function stepKind(step: SessionStep): StepKind {
  if ('prompt' in step) return 'prompt';
  if ('tool' in step) return 'tool';
  if ('calls' in step) return 'calls';
  if ('resume' in step) return 'resume';
  if ('approval' in step) return 'approval';
  if ('reply' in step) return 'reply';
  if ('interrupt' in step) return 'interrupt';
  return 'event';
}

/** A short name for a step in timelines and errors: `prompt "fix it"`, `Bash: npm test`, `approval: allow`. */
export function stepLabel(step: SessionStep): string {
  const short = (s: string) => (s.length > 48 ? `${s.slice(0, 47)}…` : s);
  if ('prompt' in step) return `prompt ${JSON.stringify(short(step.prompt))}`;
  if ('tool' in step) {
    const input = step.input as Record<string, unknown>;
    const main = [input.command, input.cmd, input.file_path].find((v): v is string => typeof v === 'string') ?? '';
    return main ? `${step.tool}: ${short(main)}` : step.tool;
  }
  if ('calls' in step) return `${step.calls.length} calls: ${step.calls.map((c) => c.tool).join(', ')}`;
  if ('resume' in step) return step.resume === 'resume' ? 'resume the session (--resume)' : 'continue the session (--continue)';
  if ('approval' in step) return `approval: ${step.approval}`;
  if ('reply' in step) return `reply ${JSON.stringify(short(step.reply))}`;
  if ('interrupt' in step) return 'interrupt';
  return `event ${step.event}`;
}
