/** The work in progress, saved in this origin's localStorage: a reload, a crash or a wrong token never loses it. */
import type { ScenarioInput } from '@hookplay/engine/browser';
import type { ViewState } from './workspace.svelte';

const KEY = 'hookplay.draft.v1';

export interface Draft {
  scenario: ScenarioInput;
  view: ViewState;
}

export function loadDraft(): Draft | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    return draft && typeof draft === 'object' && draft.scenario ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(draft: Draft): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: the URL hash still holds the scenario.
  }
}
