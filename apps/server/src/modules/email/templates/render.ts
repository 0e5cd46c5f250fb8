import type { Locale } from '@coparent/domain';
import { commonTexts } from './common-texts.js';
import { escapeHtml, htmlEmail } from './html.js';

/** An email ready for the Mailer: its template's name, subject, plain text and HTML. */
export type RenderedEmail = { template: string; subject: string; text: string; html: string };

/**
 * One paragraph of an email: a sentence; a label followed by a link (the URL is shown in both
 * forms, so a reader sees where it goes); or a piece whose HTML differs from its text (a code in
 * large type, a list of fields).
 */
export type Paragraph = string | { text: string; url: string } | { text: string; html: string };

/**
 * Whom an email goes to: the language it is written in, the first name its greeting uses, and the
 * support phone of their country.
 */
export type EmailRecipient = { locale: Locale; firstName: string; supportPhone: string };

/**
 * Every email has one shape: the greeting, the template's paragraphs, the support line and the
 * sign-off, in the recipient's language. The text has a blank line between paragraphs; the HTML
 * a <p> each.
 */
export function renderEmail(
  to: EmailRecipient,
  email: {
    template: string;
    subject: string;
    body: Paragraph[];
    /** Whom the greeting names, when not the recipient's first name. */
    name?: string;
    /** False when the body already says how to reach support. */
    supportLine?: boolean;
  },
): RenderedEmail {
  const common = commonTexts(to.locale);
  const paragraphs: Paragraph[] = [
    common.greeting(email.name ?? to.firstName),
    ...email.body,
    ...(email.supportLine === false ? [] : [common.support(to.supportPhone)]),
    common.signOff,
  ];
  return {
    template: email.template,
    subject: email.subject,
    text: `${paragraphs.map(paragraphText).join('\n\n')}\n`,
    html: htmlEmail(to.locale, email.subject, paragraphs.map(paragraphHtml)),
  };
}

function paragraphText(paragraph: Paragraph): string {
  if (typeof paragraph === 'string') return paragraph;
  return 'url' in paragraph ? `${paragraph.text} ${paragraph.url}` : paragraph.text;
}

function paragraphHtml(paragraph: Paragraph): string {
  if (typeof paragraph === 'string') return escapeHtml(paragraph);
  if ('html' in paragraph) return paragraph.html;
  const link = escapeHtml(paragraph.url);
  return `${escapeHtml(paragraph.text)} <a href="${link}">${link}</a>`;
}
