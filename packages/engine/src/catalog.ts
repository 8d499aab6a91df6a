import { DIALECTS } from './dialects/index.js';
import { DIALECT_IDS, type DialectId } from './dialects/ids.js';
import type { ConfigFileSpec, EventSpec, VerifiedAgainst } from './dialects/dialect.js';
import type { HostSettings } from './scenario.js';

export interface DialectInfo {
  id: DialectId;
  label: string;
  summary: string;
  shell: string;
  mode: 'parallel' | 'chain';
  configFiles: ConfigFileSpec[];
  events: EventSpec[];
  hostSettings: (keyof HostSettings)[];
  starter: { event: string; files: Record<string, string> };
  versions?: { supported: readonly string[]; default: string };
  verifiedAgainst?: VerifiedAgainst;
  /** The host's rules are its docs' only (no binary runs offline): shown as "from the docs" wherever it appears. */
  docsOnly?: string;
}

/** What a client needs to offer every host: events, samples, config locations and schemas. Pure data. */
export function dialectCatalog(): DialectInfo[] {
  return DIALECT_IDS.filter((id) => DIALECTS[id]).map((id) => {
    const d = DIALECTS[id];
    return {
      id,
      label: d.label,
      summary: d.summary,
      shell: d.process.shell.join(' '),
      mode: d.mode,
      configFiles: d.configFiles,
      events: d.events,
      hostSettings: d.hostSettings,
      starter: d.starter,
      ...(d.versions ? { versions: { supported: d.versions.supported, default: d.versions.default } } : {}),
      ...(d.verifiedAgainst ? { verifiedAgainst: d.verifiedAgainst } : {}),
      ...(d.docsOnly ? { docsOnly: d.docsOnly } : {}),
    };
  });
}
