import {
  DEFAULT_EXPERIMENT_VALUE,
  EXPERIMENT_VALUES,
  type ExperimentKey,
  type ExperimentValue,
  RESTRICTIONS,
  type RestrictionKey,
} from '@coparent/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

// Experiments read through useFlag(key). The default context has every experiment 'Off'.
// Restrictions (hide-paypal, hide-amex…) are booleans read through useRestriction(key), off by
// default. Overrides come from the provider's prop (component tests) or from
// `?flags=key:Value,key2:Value` (browser tests and demos; a restriction takes `true` or `false`),
// remembered for the tab in sessionStorage. A later issue replaces the source with
// OpenFeature/OFREP behind the same hooks.

export type FlagValue = ExperimentValue | boolean;
export type FlagOverrides = Partial<Record<string, FlagValue>>;

const FlagContext = createContext<FlagOverrides>({});

const RESTRICTION_KEYS = new Set<string>(Object.values(RESTRICTIONS));

function isExperimentValue(value: unknown): value is ExperimentValue {
  return typeof value === 'string' && (EXPERIMENT_VALUES as readonly string[]).includes(value);
}

function isFlagValue(value: unknown): value is FlagValue {
  return typeof value === 'boolean' || isExperimentValue(value);
}

/** A restriction's `true`/`false`, or an experiment's value; anything else is ignored. */
function parseValue(key: string, value: string | undefined): FlagValue | undefined {
  if (RESTRICTION_KEYS.has(key)) {
    if (value === 'true') return true;
    if (value === 'false') return false;
    return undefined;
  }
  return isExperimentValue(value) ? value : undefined;
}

export function parseFlagParam(param: string | null): FlagOverrides {
  const overrides: FlagOverrides = {};
  if (!param) return overrides;
  for (const pair of param.split(',')) {
    const [key, value] = pair.split(':').map((part) => part.trim());
    const parsed = key ? parseValue(key, value) : undefined;
    if (key && parsed !== undefined) overrides[key] = parsed;
  }
  return overrides;
}

function readStoredFlags(): FlagOverrides {
  const raw = readStorage('session', STORAGE_KEYS.flags);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => isFlagValue(value)));
  } catch {
    return {};
  }
}

/** Flags from the URL (remembered in sessionStorage) merged over the ones remembered earlier. */
export function readUrlFlags(search: string = window.location.search): FlagOverrides {
  const fromUrl = parseFlagParam(new URLSearchParams(search).get('flags'));
  const merged = { ...readStoredFlags(), ...fromUrl };
  if (Object.keys(fromUrl).length > 0) {
    writeStorage('session', STORAGE_KEYS.flags, JSON.stringify(merged));
  }
  return merged;
}

type FlagProviderProps = { overrides?: FlagOverrides; children: ReactNode };

export function FlagProvider({ overrides, children }: FlagProviderProps) {
  const value = useMemo(() => ({ ...readUrlFlags(), ...overrides }), [overrides]);
  return <FlagContext.Provider value={value}>{children}</FlagContext.Provider>;
}

export function useFlag(key: ExperimentKey): ExperimentValue {
  const value = useContext(FlagContext)[key];
  return isExperimentValue(value) ? value : DEFAULT_EXPERIMENT_VALUE;
}

/** A restriction flag (e.g. hide-paypal): true only when it is turned on. */
export function useRestriction(key: RestrictionKey): boolean {
  return useContext(FlagContext)[key] === true;
}
