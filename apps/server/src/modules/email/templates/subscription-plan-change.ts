import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';
import { renewalLines } from './renewal-lines.js';

/** The payer's confirmation of a plan change at renewal (decision 062), or of its undoing. */
export const PLAN_CHANGE_TEMPLATES = {
  CHANGED: 'subscription-plan-changed',
  UNDONE: 'subscription-plan-change-undone',
} as const;
export type PlanChangeKind = keyof typeof PLAN_CHANGE_TEMPLATES;

export type PlanChangeEmailParams = EmailRecipient & {
  kind: PlanChangeKind;
  /** The plan until the renewal date (CHANGED) or kept (UNDONE), e.g. 'Premium, 1 year'. */
  currentPlan: string;
  /** CHANGED: the plan from the renewal date on, e.g. 'Premium, 2 years'. */
  newPlan: string | null;
  /** The renewal date, formatted in the payer's language. */
  renewalDate: string;
  /** The price the renewal will charge, e.g. '$299.99'; null when it cannot be priced now. */
  price: string | null;
  /** e.g. 'Visa ending in 1881'; null when no method is on file. */
  paymentMethod: string | null;
  /** The co-parent whose subscription the same payment renews (Parent A pays for it). */
  coParentName: string | null;
  subscriptionUrl: string;
};

type Texts = {
  subject: Record<PlanChangeKind, (date: string) => string>;
  changed: (current: string, next: string, date: string) => string;
  noProration: string;
  undone: (current: string, date: string) => string;
  coParent: (name: string) => string;
  page: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      CHANGED: (date) => `Your ${PRODUCT_NAME} plan changes on ${date}`,
      UNDONE: () => `Your ${PRODUCT_NAME} plan stays as it is`,
    },
    changed: (current, next, date) =>
      `You changed your plan at renewal. Until ${date} you keep ${current}; from ${date} your subscription is ${next}.`,
    noProration:
      'Nothing changes before then and nothing is prorated: the new price is charged at the renewal, for the new term.',
    undone: (current, date) =>
      `You undid your plan change. Your subscription renews on ${date} as ${current}.`,
    coParent: (name) => `${name}'s subscription, which you pay for, changes with it.`,
    page: 'To change it again or undo it before the renewal, go to your subscription page:',
  },
  'es-MX': {
    subject: {
      CHANGED: (date) => `Tu plan de ${PRODUCT_NAME} cambia el ${date}`,
      UNDONE: () => `Tu plan de ${PRODUCT_NAME} se queda como está`,
    },
    changed: (current, next, date) =>
      `Cambiaste tu plan para la renovación. Hasta el ${date} conservas ${current}; a partir del ${date} tu suscripción es ${next}.`,
    noProration:
      'Nada cambia antes de esa fecha y no se prorratea nada: el nuevo precio se cobra en la renovación, por el nuevo periodo.',
    undone: (current, date) =>
      `Deshiciste el cambio de plan. Tu suscripción se renueva el ${date} como ${current}.`,
    coParent: (name) => `La suscripción de ${name}, que tú pagas, cambia junto con la tuya.`,
    page: 'Para cambiarlo de nuevo o deshacerlo antes de la renovación, ve a la página de tu suscripción:',
  },
};

/**
 * What changes and when (decision 062): the plan until the renewal date, the plan from then, the
 * price the renewal will charge and to what, that nothing is prorated, and the co-parent's
 * subscription that changes with it; or that the change was undone.
 */
export function planChangeEmail(params: PlanChangeEmailParams): RenderedEmail {
  const t = TEXTS[params.locale];
  const lines = renewalLines(params.locale);
  const { kind, currentPlan, newPlan, renewalDate, coParentName } = params;
  const first =
    kind === 'CHANGED' && newPlan
      ? [t.changed(currentPlan, newPlan, renewalDate), t.noProration]
      : [t.undone(currentPlan, renewalDate)];
  return renderEmail(params, {
    template: PLAN_CHANGE_TEMPLATES[kind],
    subject: t.subject[kind](renewalDate),
    body: [
      ...first,
      lines.charge(params.price, params.paymentMethod),
      ...(coParentName ? [t.coParent(coParentName)] : []),
      { text: t.page, url: params.subscriptionUrl },
    ],
  });
}

const YEARS: Record<Locale, (years: number) => string> = {
  en: (years) => (years === 1 ? '1 year' : `${years} years`),
  'es-MX': (years) => (years === 1 ? '1 año' : `${years} años`),
};

/** A plan as the emails name it: 'Premium, 2 years'. */
export function planWords(packageName: string, years: number, locale: Locale): string {
  return `${packageName}, ${YEARS[locale](years)}`;
}
