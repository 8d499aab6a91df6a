#!/usr/bin/env node
import { runCommand } from './cli/run-command.js';
import { testCommand } from './cli/test-command.js';

const USAGE = `hookplay: a hook playground for coding agents

usage:
  hookplay run FILE [--json]        run a scenario and explain the host's decision
  hookplay test FILE_OR_DIR...      check scenarios' "expect" blocks (exit 1 on any failure)
  hookplay serve [--port N] [--host H] [--open]
                                    start the playground server
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'run':
      return runCommand(args);
    case 'test':
      return testCommand(args);
    case 'serve': {
      const { serveCommand } = await import('./cli/serve-command.js');
      return serveCommand(args);
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`hookplay: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
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
