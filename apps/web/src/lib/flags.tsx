import {
  BOOLEAN_FLAG_KEYS,
  DEFAULT_EXPERIMENT_VALUE,
  decodeCookieText,
  EXPERIMENT_VALUES,
  type ExperimentKey,
  type ExperimentValue,
  FLAG_OVERRIDES_COOKIE,
  type LookKey,
  type RestrictionKey,
} from '@coparent/domain';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { takeCookie } from './cookies';
import { trackExposure } from './flags/exposure';
import {
  remoteBoolean,
  remoteString,
  subscribeToFlags,
  updateFlagContext,
} from './flags/flag-client';
import { flowFromPath } from './flags/flag-context';
import { FlagContextSync } from './flags/flag-context-sync';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';
import { useHydrated } from './use-hydrated';

// Experiments read through useFlag(key), restrictions (hide-paypal, hide-amex…) through
// useRestriction(key), looks (brand-refresh) through useLook(key). The source is the server's flag file through OpenFeature and OFREP
// (lib/flags/flag-client.ts); until its answer arrives every experiment reads 'Off' and every
// restriction false, which is also the default context. Overrides win over the server: the
// provider's prop (component tests) or `?flags=key:Value,key2:Value` (browser tests and demos; a
// restriction or a look takes `true` or `false`), remembered for the tab in sessionStorage.

type FlagValue = ExperimentValue | boolean;
export type FlagOverrides = Partial<Record<string, FlagValue>>;

const FlagContext = createContext<FlagOverrides>({});

const BOOLEAN_KEYS = new Set<string>(BOOLEAN_FLAG_KEYS);

function isExperimentValue(value: unknown): value is ExperimentValue {
  return typeof value === 'string' && (EXPERIMENT_VALUES as readonly string[]).includes(value);
}

function isFlagValue(value: unknown): value is FlagValue {
  return typeof value === 'boolean' || isExperimentValue(value);
}

/** A restriction's or look's `true`/`false`, or an experiment's value; anything else is ignored. */
function parseValue(key: string, value: string | undefined): FlagValue | undefined {
  if (BOOLEAN_KEYS.has(key)) {
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
const currentSearch = () => (typeof window === 'undefined' ? '' : window.location.search);

export function readUrlFlags(search: string = currentSearch()): FlagOverrides {
  const fromUrl = parseFlagParam(new URLSearchParams(search).get('flags'));
  // A page written with no script kept its address's flags for the tab in a cookie.
  const fromPage = parseFlagParam(decodeCookieText(takeCookie(FLAG_OVERRIDES_COOKIE)) ?? null);
  const merged = { ...readStoredFlags(), ...fromPage, ...fromUrl };
  if (Object.keys(fromUrl).length + Object.keys(fromPage).length > 0) {
    writeStorage('session', STORAGE_KEYS.flags, JSON.stringify(merged));
  }
  return merged;
}

/** Component tests have no flag server: they read defaults and overrides unless they opt in. */
const REMOTE_BY_DEFAULT = import.meta.env.MODE !== 'test';

type FlagProviderProps = {
  overrides?: FlagOverrides;
  /** Read the server's flags (OFREP); on everywhere but in component tests. */
  remote?: boolean;
  children: ReactNode;
};

export function FlagProvider({
  overrides,
  remote = REMOTE_BY_DEFAULT,
  children,
}: FlagProviderProps) {
  // The tab's remembered flags are the browser's: a server render (and its hydration) reads the
  // address's only.
  const isHydrated = useHydrated();
  const value = useMemo(
    () => ({
      ...(isHydrated
        ? readUrlFlags()
        : parseFlagParam(new URLSearchParams(currentSearch()).get('flags'))),
      ...overrides,
    }),
    [isHydrated, overrides],
  );
  return (
    <FlagContext.Provider value={value}>
      {remote && <FlagContextSync />}
      {children}
    </FlagContext.Provider>
  );
}

/**
 * The server's value of one flag, re-rendering the reader only when that value changes (the
 * provider says "may have changed" for every answer and context; most change nothing on screen).
 * A server render (and the hydration after it) reads the default: the server's answer is later.
 */
function useRemoteValue<T extends string | boolean>(read: () => T, defaultValue: T): T {
  const value = useSyncExternalStore(subscribeToFlags, read, () => defaultValue);
  // A screen of another flow (join → pro) evaluates with that flow.
  useEffect(() => updateFlagContext({ flow: flowFromPath(window.location.pathname) }), []);
  return value;
}

/**
 * The visitor's arm of an experiment, recorded as an exposure, unless the screen reading it is
 * outside the experiment's funnel (`recordsExposure: false`: the account area shows the same arm,
 * and a payer who already converted is no new subject of the test).
 */
export function useFlag(
  key: ExperimentKey,
  { recordsExposure = true }: { recordsExposure?: boolean } = {},
): ExperimentValue {
  const remote = useRemoteValue(
    () => remoteString(key, DEFAULT_EXPERIMENT_VALUE),
    DEFAULT_EXPERIMENT_VALUE as string,
  );
  const override = useContext(FlagContext)[key];
  const value = isExperimentValue(override)
    ? override
    : isExperimentValue(remote)
      ? remote
      : DEFAULT_EXPERIMENT_VALUE;
  // An overridden arm is a forced demo, not an assignment: only the server's arms are exposures.
  const assigned = !isExperimentValue(override);
  useEffect(() => {
    if (assigned && recordsExposure) trackExposure(key, value);
  }, [assigned, recordsExposure, key, value]);
  return value;
}

function useBooleanFlag(key: RestrictionKey | LookKey): boolean {
  const remote = useRemoteValue(() => remoteBoolean(key, false), false);
  const override = useContext(FlagContext)[key];
  if (typeof override === 'boolean') return override;
  return remote;
}

/** A restriction flag (e.g. hide-paypal): true only when it is turned on. */
export function useRestriction(key: RestrictionKey): boolean {
  return useBooleanFlag(key);
}

/** A look flag (e.g. brand-refresh): true only when it is turned on. */
export function useLook(key: LookKey): boolean {
  return useBooleanFlag(key);
}
