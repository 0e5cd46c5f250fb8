/**
 * The replies that opt a number out of texts or back in. Twilio acts on its English keywords by
 * itself (it blocks the number and answers 21610 to a send); the Spanish ones are those a
 * messaging service's Advanced Opt-Out is set up with for Mexico (docs/decisions/045). As
 * Twilio does, only a reply that is the keyword alone counts ("STOP", not "please stop"); case,
 * accents and the spaces around it do not matter.
 */
const OPT_OUT = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  'PARAR',
  'DETENER',
  'CANCELAR',
  'BAJA',
  'ALTO',
]);

const OPT_IN = new Set(['START', 'UNSTOP', 'YES', 'INICIAR', 'SI']);

export type OptKeyword = 'STOP' | 'START';

/** A reply's keyword: without accents, upper case, trimmed (so "Sí" and "sí " read SI). */
function normalized(body: string): string {
  return body.normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase();
}

/**
 * What an inbound text asks: STOP (no more texts), START (texts again), or nothing. Twilio's
 * own reading (`OptOutType` of a messaging service with Advanced Opt-Out) wins when it is sent.
 */
export function optKeywordOf(body: string, optOutType?: string): OptKeyword | undefined {
  const type = optOutType?.toUpperCase();
  if (type === 'STOP' || type === 'START') return type;
  const word = normalized(body);
  if (OPT_OUT.has(word)) return 'STOP';
  if (OPT_IN.has(word)) return 'START';
  return undefined;
}
