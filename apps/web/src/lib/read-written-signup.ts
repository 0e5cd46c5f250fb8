import { type SignupState, SignupStateSchema } from '@coparent/domain';
import { SERVER_SIGNUP_ELEMENT_ID } from './server-signup';

/**
 * The signup the server wrote in the page, if any (checked by its schema: the page is data the app
 * trusts no more than an API answer). Its own module: zod loads only on the pages that carry one.
 */
export function readWrittenSignup(doc: Document = document): SignupState | undefined {
  const text = doc.getElementById(SERVER_SIGNUP_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = SignupStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
