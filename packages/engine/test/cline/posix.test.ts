import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { basename, extname, normalize } from '../../src/dialects/cline/posix.js';

// The Cline dialect's own path helpers stand in for node:path in the browser; they must give node's answers for the
// hook file names and CLINE_DIR values a scenario can hold, including the odd ones.
const NAMES = ['PreToolUse', 'PreToolUse.sh', 'pretooluse.SH', 'PostToolUse.tar.gz', 'a.', 'a..', '.sh', '..sh', '.', '..', '...', '.a.b', 'x/y.py', 'x/.hidden', 'dir/', '/abs/TaskStart.mjs'];
const DIRS = ['cfg', './cfg', 'cfg/', 'a/../b', '../x', 'a//b/./c/', '..', '.', 'a/..', 'x/../../y', 'a/b/../../..', '/abs/../x', '/..'];

describe('cline path helpers', () => {
  it.each(NAMES)('basename and extname of %j are node posix ones', (name) => {
    expect([basename(name), extname(name)]).toEqual([posix.basename(name), posix.extname(name)]);
  });
  it.each(DIRS)('normalize(%j) is node posix normalize', (dir) => {
    expect(normalize(dir)).toBe(posix.normalize(dir));
  });
});
