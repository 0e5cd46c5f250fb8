import { visitorFlagCountry } from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useFunnelStore } from '@/stores/funnel-store';
import { subscribe } from '../analytics';
import { getAnonymousId } from '../anonymous-id';
import { readStorage, STORAGE_KEYS } from '../storage';
import { useLocale } from '../use-locale';
import { startFlagClient, updateFlagContext } from './flag-client';
import { buildFlagContext, flowFromPath } from './flag-context';

/** The user id once known: stored after the login post, or announced by an analytics identify. */
function useUserId(): string | null {
  const [userId, setUserId] = useState(() => readStorage('session', STORAGE_KEYS.userId));
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === 'identify' && event.userId) setUserId(event.userId);
      }),
    [],
  );
  return userId;
}

/**
 * Keeps the flag client's evaluation context up to date (email, country, locale,
 * flow and userId) and starts the client on first render. Renders nothing.
 */
export function FlagContextSync() {
  const locale = useLocale();
  const userId = useUserId();
  // The email once a signup holds it (not every keystroke of a first visit to step 1).
  const email = useFunnelStore((s) => (s.signupId ? s.stepOneValues?.email : undefined));
  // The billing country once saved, else the country of the step-1 phone number, else unknown
  // (the server builds the same for the experiments it decides).
  const country = useFunnelStore((s) =>
    visitorFlagCountry({
      billingCountry: s.billingCountry,
      phoneCode: s.stepOneValues?.countryCode,
      phoneNumber: s.stepOneValues?.phoneNumber,
    }),
  );

  useEffect(() => {
    const context = buildFlagContext({
      anonymousId: getAnonymousId(),
      userId,
      email,
      country,
      locale,
      flow: flowFromPath(window.location.pathname),
    });
    startFlagClient(context);
    // Later: attributes that became unknown (a new signup) are dropped, not kept from before.
    updateFlagContext({ userId: undefined, email: undefined, country: undefined, ...context });
  }, [userId, email, country, locale]);

  return null;
}
