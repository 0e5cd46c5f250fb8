import type { Locale } from '@coparent/domain';
import type { EmailRecipient, Paragraph } from './render.js';

/** What every invitation email is sent with: whom it greets, its link, and how long that works. */
export type InvitationParams = EmailRecipient & {
  /** `${PUBLIC_URL}/app/join/invite?token=<token>` */
  inviteUrl: string;
  expiresInDays: number;
};

const TEXTS: Record<Locale, { open: string; expires: (days: number) => string }> = {
  en: {
    open: 'Accept your invitation here:',
    expires: (days) =>
      `This link works for ${days} days. If it has expired, you can ask for a new one from the same page.`,
  },
  'es-MX': {
    open: 'Acepta tu invitación aquí:',
    expires: (days) =>
      `Este enlace funciona durante ${days} días. Si venció, puedes pedir uno nuevo desde la misma página.`,
  },
};

/** An invitation's link and how long it works (a new one can be asked for on the same page). */
export function invitationLink(params: InvitationParams): Paragraph[] {
  const t = TEXTS[params.locale];
  return [{ text: t.open, url: params.inviteUrl }, t.expires(params.expiresInDays)];
}
