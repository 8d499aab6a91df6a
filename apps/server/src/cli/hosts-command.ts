import { cacheRoot, HOST_PACKAGES, installHost, InstallError, listInstalled, megabytes, parseHostSpec, REAL_HOST_IDS, removeHost, verifiedVersions } from '@hookplay/real-host';
import { parseArgs, UsageError } from './args.js';
import { EXIT } from './help.js';
import { bold, dim, green } from './style.js';

const USAGE = 'usage: hookplay hosts list | install HOST@VERSION | remove HOST@VERSION';

/**
 * `hookplay hosts`: the real host CLIs in the user's cache, which `run --real` and `verify` run. Nothing is ever
 * installed by itself: `install` is the only command that downloads.
 */
export async function hostsCommand(args: string[]): Promise<number> {
  let sub: string | undefined;
  let spec: string | undefined;
  try {
    const parsed = parseArgs(args, {});
    [sub, spec] = parsed.positional;
    if (!sub) throw new UsageError('say what to do: list, install HOST@VERSION or remove HOST@VERSION');
    if (!['list', 'install', 'remove'].includes(sub)) throw new UsageError(`unknown hosts command "${sub}"`);
    if (sub === 'list' && parsed.positional.length > 1) throw new UsageError('hosts list takes no argument');
    if (sub !== 'list' && (!spec || parsed.positional.length > 2)) throw new UsageError(`hosts ${sub} takes one HOST@VERSION, for example claude-code@${verifiedVersions('claude-code')[0]}`);
  } catch (e) {
    process.stderr.write(`hookplay hosts: ${(e as Error).message}\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (sub === 'list') return list();
  let host;
  let version;
  try {
    ({ host, version } = parseHostSpec(spec!));
    if (!version) throw new UsageError(`name the version: ${host}@${verifiedVersions(host)[0]} is the newest hookplay models`);
  } catch (e) {
    process.stderr.write(`hookplay hosts: ${(e as Error).message}\n`);
    return EXIT.usage;
  }
  if (sub === 'remove') {
    const removed = removeHost(host, version);
    process.stdout.write(removed ? `removed ${HOST_PACKAGES[host].label} ${version}\n` : `${HOST_PACKAGES[host].label} ${version} is not installed\n`);
    return EXIT.ok;
  }
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  try {
    await installHost(host, version, { log: (line) => process.stdout.write(`${line}\n`), signal: controller.signal });
    return EXIT.ok;
  } catch (e) {
    process.stderr.write(`hookplay hosts install: ${(e as Error).message}\n`);
    if (controller.signal.aborted) return EXIT.interrupted;
    return e instanceof InstallError ? EXIT.usage : EXIT.failed;
  } finally {
    process.off('SIGINT', stop);
  }
}

function list(): number {
  const installed = listInstalled();
  process.stdout.write(`${bold('Real host CLIs')} ${dim(`(in ${cacheRoot()})`)}\n`);
  for (const host of REAL_HOST_IDS) {
    const mine = installed.filter((i) => i.host === host);
    const modelled = verifiedVersions(host);
    process.stdout.write(`\n  ${bold(HOST_PACKAGES[host].label)} ${dim(`${host} · ${HOST_PACKAGES[host].npm} · hookplay models ${modelled.join(', ')}`)}\n`);
    if (!mine.length) process.stdout.write(dim(`    none installed: npx hookplay hosts install ${host}@${modelled[0]} (${HOST_PACKAGES[host].sizeHint})\n`));
    for (const i of mine) {
      const state = i.state === 'partial' ? 'interrupted install: run hosts install again to finish it' : `${megabytes(i.bytes ?? 0)}${i.verified ? `, ${green('modelled')}` : ', not a modelled version'}`;
      process.stdout.write(`    ${host}@${i.version}  ${dim(state)}\n`);
    }
  }
  return EXIT.ok;
}
