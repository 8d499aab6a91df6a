import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * `npm run test:quick`, the edit loop: the engine's own tests, the CLI's stories and one browser story. What it
 * leaves to `npm test`: the replays of every recording (minutes), the server and browser suites, and the CLI
 * stories that install things (a fresh clone's `npm ci`, a packed tarball, a real host CLI).
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['packages/engine/test/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/browser/blocking_a_dangerous_command.test.ts'],
    exclude: [
      '**/node_modules/**',
      '**/*replay*.test.ts',
      'packages/engine/test/consistency/gallery.test.ts',
      'test/cli/installing_the_cli.test.ts',
      'test/cli/testing_hooks_in_ci.test.ts',
      'test/cli/checking_on_the_real_cli.test.ts',
    ],
  },
});
