import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { comparePaths, pyFloat, pyJsonDumps, pyStr } from '../../src/dialects/open-strix/python.js';

/** Asks the real Python the same question, so the emulation is checked against the host's own language. */
function python(code: string, input: unknown): unknown {
  return JSON.parse(execFileSync('python3', ['-c', `import json, sys\nv = json.loads(sys.stdin.read())\n${code}`], { input: JSON.stringify(input), encoding: 'utf8' }));
}

describe('open-strix: Python conversions match Python', () => {
  const values = [
    { text: 'héllo "q" \\ \n\t\u0001\u007f€𝄞', n: 3, f: 0.5, tiny: 1e-7, big: 12345678901234, neg: -2, t: true, nil: null, list: [1, 'a', [], {}], nested: { a: { b: [] } } },
    'plain',
    [],
  ];

  it.each(values.map((v) => [JSON.stringify(v).slice(0, 40), v]))('json.dumps(%s)', (_label, value) => {
    expect(pyJsonDumps(value as never)).toBe(python('print(json.dumps(json.dumps(v, ensure_ascii=True)))', value));
  });

  it('str() of config values', () => {
    const inputs = [5, 2.5, true, false, null, 'x', ['a', 1], { k: "it's" }];
    expect(inputs.map((v) => pyStr(v as never))).toEqual(python('print(json.dumps([str(x) for x in v]))', inputs));
  });

  it('float() of timeout values', () => {
    const inputs = ['5', ' 2.5 ', '1_000', '1e1', 'soon', '', true, null, []];
    const real = python(
      'def f(x):\n    try:\n        return float(x)\n    except (TypeError, ValueError):\n        return None\nprint(json.dumps([f(x) for x in v]))',
      inputs,
    );
    expect(inputs.map((v) => pyFloat(v as never))).toEqual(real);
  });

  it('sorted() of hooks.json paths', () => {
    const paths = ['skills/b/hooks.json', 'skills/hooks.json', 'skills/a-b/hooks.json', 'skills/a/sub/hooks.json', 'skills/a/hooks.json', 'skills/A/hooks.json', 'skills/a.b/hooks.json'];
    const real = python('from pathlib import PurePosixPath as P\nprint(json.dumps([str(p) for p in sorted(P(x) for x in v)]))', paths);
    expect([...paths].sort(comparePaths)).toEqual(real);
  });
});
