import { readFile } from 'node:fs/promises';
import { parseScenarioText, type Scenario } from '@hookplay/engine';

/** Reads and validates a scenario file; every failure is an Error whose message says file, line and field. */
export async function loadScenarioFile(file: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${file}: no such file` : code === 'EISDIR' ? `${file}: is a directory, not a scenario file` : `${file}: ${(e as Error).message}`);
  }
  return parseScenarioText(text, file);
}
