import type { Locale, ValidationError } from '@coparent/domain';

/** What a section save did: its non-blocking warnings and the signup's last completed step. */
export type SectionSaved = { warnings: ValidationError[]; lastCompletedStep: number };

export type RequestContext = {
  locale: Locale;
  /** The X-Referrer-Key header of a discount link (family step); unknown keys are ignored. */
  referrerKey?: string | undefined;
};

/** The clock, and the signup's new expiry after a save (each save extends its lifetime). */
export type SaveClock = { now: () => Date; expiresFrom: (instant: Date) => Date };
