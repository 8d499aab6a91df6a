import { addUser, listUsers, newTeamSecret, removeUser, TeamAuthError } from '../server/team-auth.js';
import { parseArgs, UsageError } from './args.js';
import { dataDir } from './data-dir.js';
import { EXIT } from './help.js';

/** `hookplay team ...`: manages team.json in the data folder (tokens are printed once, stored hashed). */
export async function teamCommand(args: string[]): Promise<number> {
  try {
    const parsed = parseArgs(args, { '--data': { kind: 'value' } });
    const dir = dataDir(parsed.values.get('--data') as string | undefined);
    const [action, name, ...extra] = parsed.positional;
    if (extra.length) throw new UsageError(`unexpected "${extra[0]}"`);
    const needName = () => {
      if (!name) throw new UsageError(`${action} needs a user name`);
      return name;
    };
    if (action === 'add-user') {
      const token = addUser(dir, needName());
      process.stderr.write(`added ${name} to ${dir}/team.json; their token (shown only now):\n`);
      process.stdout.write(`${token}\n`);
    } else if (action === 'remove-user') {
      if (!removeUser(dir, needName())) {
        process.stderr.write(`hookplay team: no user "${name}" in ${dir}/team.json\n`);
        return EXIT.usage;
      }
      process.stderr.write(`removed ${name}; restart the server for it to take effect\n`);
    } else if (action === 'new-secret') {
      const secret = newTeamSecret(dir);
      process.stderr.write(`new team secret for ${dir}/team.json (shown only now; the old one no longer works):\n`);
      process.stdout.write(`${secret}\n`);
    } else if (action === 'list') {
      for (const u of listUsers(dir)) process.stdout.write(`${u.name}\t${u.created}\n`);
    } else {
      throw new UsageError(action ? `unknown action "${action}"; use add-user, remove-user, new-secret or list` : 'say what to do: add-user NAME, remove-user NAME, new-secret or list');
    }
    return EXIT.ok;
  } catch (e) {
    if (e instanceof UsageError || e instanceof TeamAuthError) {
      process.stderr.write(`hookplay team: ${e.message}\nusage: hookplay team add-user NAME | remove-user NAME | new-secret | list [--data DIR]\n`);
      return EXIT.usage;
    }
    throw e;
  }
}
