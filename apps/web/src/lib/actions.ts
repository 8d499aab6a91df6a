/**
 * What the toolbar does with the scenario: links, the bug report, the headless command, downloads, opening a file
 * or a link. Each says in words what happened (or why not) in the status line; nothing here runs a scenario.
 */
import { parseScenarioText, ScenarioError } from '@hookplay/engine/browser';
import { copyText, downloadBytes, downloadText } from './browser-io';
import { headlessCommand } from './export';
import type { Playground } from './playground.svelte';
import { decodeShare, downloadName, encodeShare, encodeWithResult, scenarioFileText, shareFromLink, shareUrl, type SharedResult } from './share';
import { storeShortLink } from './short-links';
import { toasts } from './toasts.svelte';

const REFUSED = 'Could not copy: the browser refused clipboard access.';

/** The link to this scenario as it is in the editor (no result): what the address bar mirrors. */
export function currentLink(p: Playground): string {
  return shareUrl(window.location, encodeShare(p.workspace.serialize(), p.workspace.view()));
}

/** The last run's result, when it ran exactly the scenario now in the editor and finished. */
function lastResult(p: Playground): SharedResult | null {
  const run = p.run;
  if (!run || run.status !== 'done' || JSON.stringify(run.scenario) !== JSON.stringify(p.workspace.serialize())) return null;
  return { at: new Date().toISOString(), ...(p.connection.status.kind === 'open' ? { hookplay: p.connection.status.version } : {}), events: run.events.map((e) => e.event) };
}

export async function copyLink(p: Playground): Promise<void> {
  const { workspace: ws, connection } = p;
  const team = connection.status.kind === 'open' ? connection.status.team : undefined;
  if (team?.shortLinks) {
    try {
      const ok = await copyText(await storeShortLink(ws.serialize(), ws.view(), connection.token));
      toasts.push(ok ? 'Short link copied. Teammates signed in to this server can open it; nothing runs until Run.' : REFUSED, ok ? 'success' : 'error');
      return;
    } catch (e) {
      toasts.push(`The server did not store the link (${(e as Error).message}); copied a self-contained link instead.`, 'error');
    }
  }
  const result = lastResult(p);
  const packed = result ? encodeWithResult(ws.serialize(), ws.view(), result) : { encoded: encodeShare(ws.serialize(), ws.view()), carried: 'none' as const };
  const ok = await copyText(shareUrl(window.location, packed.encoded));
  const carried =
    packed.carried === 'all'
      ? ' It carries your last run’s result, shown read-only until they press Run.'
      : packed.carried === 'without-live-output'
        ? ' It carries your last run’s result (each hook’s output from the outcome), shown read-only until they press Run.'
        : result
          ? ' Your last run’s result is too large for a link; the link opens the scenario only.'
          : '';
  toasts.push(ok ? `Link copied. It opens these files, event and payload on any hookplay server (npx hookplay open LINK); nothing runs until Run.${carried}` : REFUSED, ok ? 'success' : 'error');
}

export async function copyReport(p: Playground): Promise<void> {
  const { bugReport } = await import('./report');
  const report = bugReport({
    scenario: p.workspace.serialize(),
    link: currentLink(p),
    run: p.run,
    serverVersion: p.connection.status.kind === 'open' ? p.connection.status.version : undefined,
    userAgent: navigator.userAgent,
  });
  const ok = await copyText(report);
  toasts.push(ok ? 'Bug report copied as Markdown.' : REFUSED, ok ? 'success' : 'error');
}

export async function downloadZip(p: Playground): Promise<void> {
  const { exportZip, zipName } = await import('./export-zip');
  const doc = p.workspace.serialize();
  downloadBytes(zipName(doc), exportZip(doc), 'application/zip');
  toasts.push('Zip downloaded: project/ and home/ hold the files as they sit on disk; README.txt has the command to run them.', 'success');
}

export async function copyCommand(p: Playground): Promise<void> {
  const ok = await copyText(headlessCommand(p.workspace.serialize()));
  toasts.push(ok ? 'Command copied: paste it in a terminal to reproduce this run headless (npx hookplay run).' : REFUSED, ok ? 'success' : 'error');
}

export function downloadScenario(p: Playground): void {
  const doc = p.workspace.serialize();
  downloadText(downloadName(doc), scenarioFileText(doc));
}

export async function loadFile(p: Playground, file: File): Promise<void> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    toasts.push(`Could not read ${file.name}.`, 'error');
    return;
  }
  try {
    const s = parseScenarioText(text, file.name);
    p.replaceWorkspace(s, {}, `Opened ${file.name}.`);
  } catch (e) {
    const message = e instanceof ScenarioError ? e.message : (e as Error).message;
    toasts.push(`${file.name} is not a valid scenario; nothing was changed.\n${message}`, 'error');
  }
}

/** Opens an encoded link (from the address bar, a paste, `hookplay open`): the draft it replaces is one Undo away. */
export function openEncoded(p: Playground, encoded: string): void {
  try {
    const { scenario, view, result } = decodeShare(encoded);
    p.replaceWorkspace(scenario, view, `Opened the scenario from the link${result ? ', with the result it carries (read-only)' : ''}; nothing runs until you press Run.`, { shared: result });
  } catch (e) {
    toasts.push((e as Error).message, 'error');
  }
}

/** A hookplay link pasted from anywhere (another server, another port, the static viewer). */
export function openLinkText(p: Playground, text: string): boolean {
  const encoded = shareFromLink(text);
  if (!encoded) {
    toasts.push('That is not a hookplay link: a link to a scenario ends with #s=…', 'error');
    return false;
  }
  openEncoded(p, encoded);
  return true;
}
