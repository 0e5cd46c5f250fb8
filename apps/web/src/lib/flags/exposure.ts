import type { ExperimentKey, ExperimentValue } from '@coparent/domain';
import { track } from '../analytics';
import { getAnonymousId } from '../anonymous-id';
import { readStorage, writeStorage } from '../storage';

/** The Segment-spec event of a visitor seeing an experiment's arm. */
export const EXPERIMENT_VIEWED = 'Experiment Viewed';
const STORAGE_PREFIX = 'coparent.experimentsViewed.';

/** This tab's memory, for browsers that refuse storage. */
const trackedHere = new Set<string>();

function viewedBy(anonymousId: string): string[] {
  const raw = readStorage('local', STORAGE_PREFIX + anonymousId);
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Tracks that the visitor saw an experiment, once per visitor (anonymous id) and experiment, and
 * only for an arm the flag service assigned (Control or Treatment; Off is no experiment).
 */
export function trackExposure(experiment: ExperimentKey, variant: ExperimentValue): void {
  if (variant !== 'Control' && variant !== 'Treatment') return;
  const anonymousId = getAnonymousId();
  const viewed = viewedBy(anonymousId);
  const memoryKey = `${anonymousId} ${experiment}`;
  if (viewed.includes(experiment) || trackedHere.has(memoryKey)) return;
  trackedHere.add(memoryKey);
  writeStorage('local', STORAGE_PREFIX + anonymousId, JSON.stringify([...viewed, experiment]));
  track(EXPERIMENT_VIEWED, { experiment, variant });
}
