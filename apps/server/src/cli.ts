#!/usr/bin/env node
import { DIALECT_IDS } from '@hookplay/engine';
import { wantsHelp } from './cli/args.js';
import { EXIT, helpText, type Command } from './cli/help.js';

const COMMANDS: Record<Command, () => Promise<(args: string[]) => Promise<number>>> = {
  run: async () => (await import('./cli/run-command.js')).runCommand,
  test: async () => (await import('./cli/test-command.js')).testCommand,
  import: async () => (await import('./cli/import-command.js')).importCommand,
  doctor: async () => (await import('./cli/doctor/doctor-command.js')).doctorCommand,
  mcp: async () => (await import('./cli/mcp/mcp-command.js')).mcpCommand,
  // The server's modules load only for `serve`.
  serve: async () => (await import('./cli/serve-command.js')).serveCommand,
  open: async () => (await import('./cli/open-command.js')).openCommand,
  worker: async () => (await import('./cli/worker-command.js')).workerCommand,
  team: async () => (await import('./cli/team-command.js')).teamCommand,
  hosts: async () => (await import('./cli/hosts-command.js')).hostsCommand,
  verify: async () => (await import('./cli/verify-command.js')).verifyCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    const topic = command === 'help' ? args[0] : undefined;
    process.stdout.write(helpText(topic && topic in COMMANDS ? (topic as Command) : 'main', DIALECT_IDS));
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === '--version' || command === '-v') {
    const { createRequire } = await import('node:module');
    process.stdout.write(`${(createRequire(import.meta.url)('../package.json') as { version: string }).version}\n`);
    return EXIT.ok;
  }
  if (!(command in COMMANDS)) {
    process.stderr.write(`hookplay: unknown command "${command}"\n\n${helpText('main', DIALECT_IDS)}`);
    return EXIT.usage;
  }
  if (wantsHelp(args)) {
    process.stdout.write(helpText(command as Command, DIALECT_IDS));
    return EXIT.ok;
  }
  return (await COMMANDS[command as Command]())(args);
}

main(process.argv.slice(2)).then(
  (code) => {
    // Servers keep running; everything else ends with its exit code.
    if (code !== -1) process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`hookplay: ${(e as Error).stack ?? e}\n`);
    process.exitCode = 1;
  },
);
