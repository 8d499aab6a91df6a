import type { Diagnostic, Evidence } from '../../outcome.js';
import { evidenceFor, type RecordedRules } from '../claude-code/evidence.js';
import { isHookplayNote } from '../../consistency/hookplay-notes.js';
import { RECORDED_RULES } from './recorded/index.js';

export const HOST = 'Claude Agent SDK';
const DOCS_SOURCE = 'https://platform.claude.com/docs/en/agent-sdk/hooks';

/** A rule's evidence from the SDK's own recordings (oracle/recorded/claude-agent-sdk), when they show it. */
export function sdkEvidence(code: string, recorded: RecordedRules = RECORDED_RULES): Evidence | undefined {
  const rule = recorded.rules[code];
  return rule ? { kind: 'recorded', host: HOST, version: recorded.version, cases: rule.cases } : undefined;
}

/**
 * Labels every diagnostic: recorded on the SDK where its recordings show the rule; else the label the shared
 * claude-code rules already gave it (observed on the same Claude Code build, run as the `claude` CLI), else the SDK's
 * docs. The SDK's own rules (sdk.*) are never labelled from Claude Code's recordings.
 */
export function withSdkEvidence<T extends { diagnostics: Diagnostic[] }>(value: T): T {
  for (const d of value.diagnostics) {
    if (isHookplayNote(d.code)) {
      d.evidence ??= { kind: 'hookplay' };
      continue;
    }
    const own = sdkEvidence(d.code);
    if (own) d.evidence = own;
    else if (d.code.startsWith('sdk.')) d.evidence = { kind: 'docs', source: DOCS_SOURCE };
    else d.evidence ??= evidenceFor(d.code);
  }
  return value;
}
