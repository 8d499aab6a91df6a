import { existsSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseScenario, ScenarioError } from '@hookplay/engine';
import { EXIT } from './help.js';
import { openBrowser, packagedWebRoot, serveCommand } from './serve-command.js';

/**
 * `hookplay open LINK`: a playground link opens on this machine, whatever server and port made it. A link is its
 * `#s=` hash (the scenario, and maybe the result it carries): the host part only says where it was made. Starts a
 * playground here (like `serve`) and opens the link on it, or with --static opens the read-only viewer file that
 * needs no server. Nothing runs until Run is pressed.
 */
export async function openCommand(args: string[]): Promise<number> {
  const rest: string[] = [];
  let link: string | undefined;
  let staticViewer = false;
  let browser = true;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--static') staticViewer = true;
    else if (a === '--no-browser') browser = false;
    else if (a === '--port' || a === '--host') rest.push(a, args[++i] ?? '');
    else if (a.startsWith('--')) return usage(`unknown option ${a}`);
    else if (link === undefined) link = a;
    else return usage(`one link at a time (got "${a}" too)`);
  }
  if (link === undefined) return usage('give the link to open');
  const read = readLink(link);
  if (typeof read === 'string') {
    process.stderr.write(`hookplay open: ${read}; nothing was opened\n`);
    return EXIT.usage;
  }
  const hash = `#s=${read.encoded}`;
  if (staticViewer) {
    const viewer = viewerFile();
    if (!viewer) {
      process.stderr.write('hookplay open: the static viewer is not built: run `npm run build` in the hookplay checkout\n');
      return EXIT.failed;
    }
    const url = `${pathToFileURL(viewer).href}${hash}`;
    process.stdout.write(`${url}\n`);
    if (browser) openBrowser(url);
    return EXIT.ok;
  }
  process.stderr.write(`hookplay open: "${read.title}" (${read.dialect}${read.result ? ', with the result it carries, read-only' : ''}); nothing runs until you press Run\n`);
  return serveCommand(rest.length ? rest : ['--port', '0'], { hash, open: browser });
}

function usage(problem: string): number {
  process.stderr.write(`hookplay open: ${problem}\nusage: hookplay open LINK [--port N] [--static] [--no-browser]\n`);
  return EXIT.usage;
}

/** The link's encoded scenario, checked as the playground checks it; or why it is not a playground link. */
export function readLink(link: string): { encoded: string; title: string; dialect: string; result: boolean } | string {
  const at = link.indexOf('#');
  const params = new URLSearchParams(at === -1 ? '' : link.slice(at + 1));
  const encoded = params.get('s');
  if (!encoded) return `"${link.length > 60 ? `${link.slice(0, 57)}...` : link}" is not a playground link: a link to a scenario ends with #s=...`;
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(inflateRawSync(Buffer.from(encoded, 'base64url')).toString('utf8')) as Record<string, unknown>;
  } catch {
    return 'the link is damaged (it may have been cut off when it was copied)';
  }
  const { $view: _view, $result: result, ...rest } = doc;
  try {
    const scenario = parseScenario(rest);
    return { encoded, title: scenario.title ?? 'untitled scenario', dialect: scenario.dialect, result: result !== undefined };
  } catch (e) {
    if (e instanceof ScenarioError) return `the link holds an invalid scenario: ${e.message}`;
    throw e;
  }
}

/** The viewer file `npm run build` writes (apps/web/dist-viewer), or the one a packed CLI carries (viewer/). */
function viewerFile(): string | undefined {
  const packed = packagedWebRoot();
  const candidates = [
    ...(packed ? [fileURLToPath(new URL('../../viewer/index.html', import.meta.url))] : []),
    fileURLToPath(new URL('../../../web/dist-viewer/index.html', import.meta.url)),
  ];
  return candidates.find((p) => existsSync(p));
}
