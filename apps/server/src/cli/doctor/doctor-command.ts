import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { DIALECT_IDS, type DialectId } from '@hookplay/engine';
import { oneOf, parseArgs, UsageError } from '../args.js';
import { EXIT } from '../help.js';
import { needsLook, type DoctorReport } from './findings.js';
import { doctor, DoctorError, type DoctorRequest } from './doctor.js';
import { formatGithub, formatJson, formatSarif, formatText, FORMATS, type Format } from './format.js';
import { rootsOf } from '../import/import-project.js';

const USAGE = 'usage: hookplay doctor [DIR] [--home[=DIR]] [--dialect D] [--format text|json|sarif|github]';

export function doctorRequest(args: string[]): { request: DoctorRequest; format: Format } {
  const parsed = parseArgs(args, { '--home': { kind: 'optional' }, '--dialect': { kind: 'value' }, '--format': { kind: 'value' } });
  if (parsed.positional.length > 1) throw new UsageError(`one project directory, not ${parsed.positional.length}`);
  const home = parsed.values.get('--home');
  const dialect = parsed.values.get('--dialect');
  const format = parsed.values.get('--format');
  return {
    request: {
      project: parsed.positional[0] ?? '.',
      ...(home !== undefined ? { home: home === true ? homedir() : home } : {}),
      ...(typeof dialect === 'string' ? { dialect: oneOf<DialectId>('--dialect', dialect, DIALECT_IDS) } : {}),
    },
    format: typeof format === 'string' ? oneOf<Format>('--format', format, FORMATS) : 'text',
  };
}

export function render(report: DoctorReport, format: Format, request: DoctorRequest): string {
  if (format === 'json') return formatJson(report);
  if (format === 'github') return formatGithub(report);
  if (format === 'sarif') {
    const roots = rootsOf(request);
    const version = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;
    return formatSarif(report, version, roots.project, roots.home);
  }
  return formatText(report);
}

/** `hookplay doctor`: exit 1 when a finding is a warning or an error, 0 when clean, 2 on bad input. */
export async function doctorCommand(args: string[]): Promise<number> {
  let request: DoctorRequest;
  let format: Format;
  let report: DoctorReport;
  try {
    ({ request, format } = doctorRequest(args));
    report = doctor(request);
  } catch (e) {
    if (!(e instanceof UsageError || e instanceof DoctorError)) throw e;
    process.stderr.write(`hookplay doctor: ${e.message}\n${e instanceof UsageError ? `${USAGE}\n` : ''}`);
    return EXIT.usage;
  }
  process.stdout.write(render(report, format, request));
  return needsLook(report) ? EXIT.failed : EXIT.ok;
}
