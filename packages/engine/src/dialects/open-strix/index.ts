import type { Dialect, HookEntry } from '../dialect.js';

// Placeholder while the dialect is being written in this folder.
export const openStrix: Dialect<HookEntry> = {
  id: 'open-strix',
  label: 'open-strix',
  summary: '',
  configFiles: [],
  events: [],
  hostSettings: [],
  mode: 'parallel',
  process: { shell: ['sh', '-c'], kill: { first: 'SIGKILL' }, outputCap: { bytesPerPipe: 65536, hostCap: true } },
  starter: { event: '', files: {} },
  load: () => ({ entries: [], diagnostics: [{ level: 'error', code: 'config.unimplemented', message: 'not implemented yet' }], settings: {} }),
  prepare: () => ({ hooks: [], jobs: [], input: {}, diagnostics: [] }),
  settle: () => ({ verdict: 'proceed', reason: null, updatedInput: null, context: [], halt: false, eventOut: null, effects: new Map(), diagnostics: [] }),
};
