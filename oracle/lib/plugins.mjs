// Local plugins, loaded the way the real CLI loads one offline: `--plugin-dir <dir>` for this session only.
// A case lists its plugin directories (project-relative, or `~/...` under the run's home); their files
// (`.claude-plugin/plugin.json`, `hooks/hooks.json`, scripts) are ordinary case files.
import { join } from 'node:path';

export function pluginArgs(c, { home, project }) {
  return (c.plugins ?? []).flatMap((dir) => ['--plugin-dir', dir.startsWith('~/') ? join(home, dir.slice(2)) : join(project, dir)]);
}
