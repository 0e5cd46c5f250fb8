import { emailKey } from '@coparent/domain';
import type { EvaluationContext } from '@openfeature/server-sdk';
import { z } from 'zod';

const id = z.string().max(200);

/**
 * The evaluation context the browser sends (email, country, locale, flow and userId),
 * plus OpenFeature's `targetingKey` (the visitor's anonymous id before identification). Other
 * attributes are allowed as flat values, so a targeting rule can use them without a server change.
 */
export const FlagContextSchema = z
  .object({
    targetingKey: id.optional(),
    userId: id.optional(),
    email: z.string().max(320).optional(),
    country: z.string().max(8).optional(),
    locale: z.string().max(35).optional(),
    flow: z.string().max(30).optional(),
  })
  .catchall(z.union([z.string().max(200), z.number(), z.boolean(), z.null()]));
export type FlagContext = z.infer<typeof FlagContextSchema>;

/** The OFREP evaluation request: `{ context? }`. */
export const EvaluationRequestSchema = z.object({ context: FlagContextSchema.optional() });

/**
 * The context flagd evaluates: assignment is sticky per user once known (targetingKey = userId),
 * per visitor before (the anonymous id the browser sent as targetingKey); the email is compared
 * trimmed and lower-cased.
 */
export function evaluationContext(context: FlagContext = {}): EvaluationContext {
  const { email, userId, targetingKey, ...rest } = context;
  const key = userId || targetingKey;
  const normalisedEmail = email === undefined ? undefined : emailKey(email);
  return {
    ...rest,
    ...(userId ? { userId } : {}),
    ...(key ? { targetingKey: key } : {}),
    ...(normalisedEmail ? { email: normalisedEmail } : {}),
  };
}
