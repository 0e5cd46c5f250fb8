import type { MailboxMessage, MailboxText } from './service.js';
import { escapeHtml } from './templates/html.js';

/** http(s) URLs in a text (greedy up to whitespace or a closing bracket/quote). */
const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** Escapes a text and turns its http(s) URLs into links (the URL itself is escaped too). */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    // A sentence's final period is not part of the link.
    const url = match[0].replace(/[.,;:]+$/, '');
    out += escapeHtml(text.slice(last, index));
    const safe = escapeHtml(url);
    out += `<a href="${safe}">${safe}</a>`;
    last = index + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

/** Where a message was delivered: sent, failed, or kept here only (no SMTP, no Twilio). */
function deliveryOf(
  m: { sentAt: string | null; error: string | null },
  keptOnly = 'outbox only',
): string {
  if (m.sentAt) return escapeHtml(m.sentAt);
  return m.error ? `failed: ${escapeHtml(m.error)}` : keptOnly;
}

function emailItem(m: MailboxMessage): string {
  return `<article class="message email">
<p class="kind">Email</p>
<h2>${escapeHtml(m.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(m.to)}</dd>
<dt>Template</dt><dd>${escapeHtml(m.template)} (${escapeHtml(m.locale)})</dd>
<dt>Created</dt><dd><time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></dd>
<dt>Sent</dt><dd>${deliveryOf(m)}</dd>
</dl>
<pre>${linkify(m.text)}</pre>
</article>`;
}

function textItem(t: MailboxText): string {
  return `<article class="message text">
<p class="kind">Text message (SMS)</p>
<h2>Text message to ${escapeHtml(t.to)}</h2>
<dl>
<dt>To</dt><dd><a href="tel:${escapeHtml(t.to)}">${escapeHtml(t.to)}</a></dd>
<dt>Template</dt><dd>${escapeHtml(t.template)} (${escapeHtml(t.locale)})</dd>
<dt>Created</dt><dd><time datetime="${escapeHtml(t.createdAt)}">${escapeHtml(t.createdAt)}</time></dd>
<dt>Sent</dt><dd>${deliveryOf(t, 'outbox only (no Twilio: shown here instead)')}</dd>
</dl>
<pre>${linkify(t.body)}</pre>
</article>`;
}

/**
 * The development mailbox as a page (GET /app/dev/mailbox): the emails and the text messages,
 * newest first, each email with its subject, recipient, date and text body, each text marked as
 * one with its number and body; links clickable. Everything from the database is escaped; the
 * page has no script.
 */
export function renderMailboxPage(
  messages: MailboxMessage[],
  filter: { to?: string | undefined },
  texts: MailboxText[] = [],
): string {
  const items = [
    ...messages.map((m) => ({ at: m.createdAt, html: emailItem(m) })),
    ...texts.map((t) => ({ at: t.createdAt, html: textItem(t) })),
  ]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .map((item) => item.html)
    .join('\n');
  const heading = filter.to ? `Mailbox: ${escapeHtml(filter.to)}` : 'Mailbox';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${heading} (development)</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:56rem;padding:1rem;color:#1f2933;line-height:1.5}
.message{border:1px solid #c5ccd3;border-radius:8px;padding:1rem;margin:0 0 1rem}
.message.text{border-left:6px solid #2f7d4f;background:#f6fbf7}
.kind{margin:0 0 .25rem;font-size:.8125rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#52606d}
h1{font-size:1.5rem}h2{font-size:1.125rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.125rem 1rem;margin:0 0 .75rem}dt{font-weight:600}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#f5f7fa;padding:.75rem;border-radius:4px;font:inherit}
a{color:#1f5fa8}
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>The emails and text messages of this server's outboxes, newest first (development only). <a href="/v2/dev/mailbox">JSON</a></p>
${items || '<p>No messages yet.</p>'}
</main>
</body>
</html>
`;
}
