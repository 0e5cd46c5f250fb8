import { emailKey } from '@coparent/domain';
import type { EvaluationContext } from '@openfeature/web-sdk';

/** The part of the site a flag is read in (the flag client's `flow`). */
type FlagFlow = 'join' | 'invite' | 'pro' | 'account';

/** One build serves /app/join/* (with the invite and professional flows) and /app/account/*. */
export function flowFromPath(pathname: string): FlagFlow {
  if (/^\/app\/account(\/|$)/.test(pathname)) return 'account';
  const path = pathname.replace(/^\/app\/join(?=\/|$)/, '');
  if (/^\/invite(\/|$)/.test(path)) return 'invite';
  if (/^\/pro(\/|$)/.test(path)) return 'pro';
  return 'join';
}

type FlagContextInput = {
  anonymousId: string;
  userId?: string | null;
  email?: string | null;
  country?: string | null;
  locale: string;
  flow: FlagFlow;
};

/**
 * The OpenFeature evaluation context the server's flag file is evaluated with. The targeting key
 * (what `fractional` buckets on) is the anonymous id until the visitor is identified, then the user
 * id, so an assignment is sticky per visitor and then per user. The anonymous id also travels as
 * its own attribute, so a rule can follow one visitor across identification. Emails are trimmed
 * and lower-cased.
 */
export function buildFlagContext(input: FlagContextInput): EvaluationContext {
  const email = emailKey(input.email);
  return {
    targetingKey: input.userId || input.anonymousId,
    anonymousId: input.anonymousId,
    ...(input.userId ? { userId: input.userId } : {}),
    ...(email ? { email } : {}),
    ...(input.country ? { country: input.country } : {}),
    locale: input.locale,
    flow: input.flow,
  };
}
