import { isCodeForOtherPackages, normalizeCode, refusedCodeIndex } from '@coparent/domain';
import { isApiError } from '@/lib/api-client';

/** A subscription code the server refused for this order, and why (its words). */
export type CodeRefusal = {
  code: string;
  text: string;
  /** The code pays for other packages than the one chosen. */
  isForOtherPackages: boolean;
};

/**
 * The first code a pricing call refused (its 422 at `paymentCodes.N`), or undefined when it failed
 * for another reason. `codes` are the ones the call was sent.
 */
export function codeRefusalOf(error: unknown, codes: readonly string[]): CodeRefusal | undefined {
  if (!isApiError(error) || error.status !== 422) return undefined;
  for (const fieldError of error.fieldErrors) {
    const index = refusedCodeIndex(fieldError);
    const code = index === undefined ? undefined : codes[index];
    if (code) {
      return {
        code: normalizeCode(code),
        text: fieldError.text,
        isForOtherPackages: isCodeForOtherPackages(fieldError),
      };
    }
  }
  return undefined;
}
