/**
 * A shell command's parts, split on && || ; | and newlines outside quotes: a simplification of the bash parser
 * Gemini CLI uses for its policy checks, which Qwen Code (a fork of it) kept, so both read a compound command alike.
 */
export function commandParts(command: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quote: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      cur += c;
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
      cur += c;
    } else if (command.startsWith('&&', i) || command.startsWith('||', i)) {
      parts.push(cur);
      cur = '';
      i++;
    } else if (c === ';' || c === '|' || c === '\n') {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter(Boolean);
}
