import {
  DEFAULT_EXPERIMENT_VALUE,
  EXPERIMENT_VALUES,
  type ExperimentKey,
  type ExperimentValue,
} from '@coparent/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

// Experiments read through useFlag(key). The default context has every experiment 'Off'.
// Overrides come from the provider's prop (component tests) or from `?flags=key:Value,key2:Value`
// (browser tests and demos), remembered for the tab in sessionStorage. A later issue replaces the
// source with OpenFeature/OFREP behind the same hook.

export type FlagOverrides = Partial<Record<string, ExperimentValue>>;

const FlagContext = createContext<FlagOverrides>({});

function isFlagValue(value: unknown): value is ExperimentValue {
  return typeof value === 'string' && (EXPERIMENT_VALUES as readonly string[]).includes(value);
}

export function parseFlagParam(param: string | null): FlagOverrides {
  const overrides: FlagOverrides = {};
  if (!param) return overrides;
  for (const pair of param.split(',')) {
    const [key, value] = pair.split(':').map((part) => part.trim());
    if (key && isFlagValue(value)) overrides[key] = value;
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
  return useContext(FlagContext)[key] ?? DEFAULT_EXPERIMENT_VALUE;
}
