import type { SignupState } from '@coparent/domain';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The signup the browser's cookie names, as the server read it to write a step's page: the page
 * shows the person's saved answers and progress from its first paint, and the app takes it over
 * with the same (the page carries it). Absent on a page the browser renders itself.
 */
const ServerSignupContext = createContext<SignupState | undefined>(undefined);

/** The element the server writes the signup in, for the app to take over the same page. */
export const SERVER_SIGNUP_ELEMENT_ID = 'server-signup';

export function ServerSignupProvider({
  signup,
  children,
}: {
  signup: SignupState | undefined;
  children: ReactNode;
}) {
  return <ServerSignupContext value={signup}>{children}</ServerSignupContext>;
}

/**
 * The server's signup while the page is the server's (rendering there, or being taken over);
 * undefined from then on, when the tab's own store speaks.
 */
export function useServerSignup(): SignupState | undefined {
  const signup = useContext(ServerSignupContext);
  return useHydrated() ? undefined : signup;
}

/**
 * The signup the server wrote the page with, kept by the component that was on the page when the
 * app took it over (one mounted later in the tab has none). The server read it for this very
 * page, so until the screen's own read answers it is as current as that read: the screen shows
 * it rather than a spinner that would move the page the person is reading.
 */
export function useWrittenSignup(): SignupState | undefined {
  const serverSignup = useServerSignup();
  const [written] = useState(serverSignup);
  return written;
}
