import type { SignupState } from '@coparent/domain';
import { SERVER_SIGNUP_ELEMENT_ID } from './server-signup';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the take-over and the first render read of a signup, checked without zod. */
function hasSignupOutline(value: unknown): value is SignupState {
  return (
    isRecord(value) &&
    typeof value.signupId === 'string' &&
    Number.isInteger(value.lastCompletedStep) &&
    typeof value.expiresAt === 'string' &&
    isRecord(value.parent) &&
    Array.isArray(value.children)
  );
}

/**
 * The signup the server wrote in the page, if any. It came in the same answer as the page's HTML,
 * which shows it already: the app takes the page over with it once its outline is right, and its
 * schema checks it in full just after (`isWrittenSignupValid`), so zod and the address lookups the
 * schema needs do not load before the page answers (decision 058).
 */
export function readWrittenSignup(doc: Document = document): SignupState | undefined {
  const text = doc.getElementById(SERVER_SIGNUP_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return hasSignupOutline(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The full check of the page's signup (the page is data the app trusts no more than an API answer). */
export async function isWrittenSignupValid(signup: SignupState): Promise<boolean> {
  const { SignupStateSchema } = await import('./signup-schemas');
  return SignupStateSchema.safeParse(signup).success;
}
