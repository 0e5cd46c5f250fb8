/**
 * The few Markdown forms the site's content files use (the legal texts, help): headings,
 * paragraphs, bulleted and numbered lists, a quoted note, **bold** and [links](/path). Read into
 * plain data that React renders as text, so nothing in a file can become HTML or script.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; href: string };

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export type Block =
  | { kind: 'heading'; level: HeadingLevel; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'note'; inlines: Inline[] };

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const BULLET = /^[-*+]\s+(.*)$/;
const NUMBERED = /^\d+[.)]\s+(.*)$/;
const QUOTE = /^>\s?(.*)$/;
const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
/** Site paths, web pages, email and phone: never `javascript:` or `data:`. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

export function parseInlines(text: string): Inline[] {
  const inlines: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, strong, label, href] = match;
    if (match.index > last) inlines.push({ kind: 'text', text: text.slice(last, match.index) });
    if (strong !== undefined) inlines.push({ kind: 'strong', text: strong });
    else if (label !== undefined && href !== undefined && SAFE_HREF.test(href)) {
      inlines.push({ kind: 'link', text: label, href });
    } else inlines.push({ kind: 'text', text: label ?? whole });
    last = match.index + whole.length;
  }
  if (last < text.length) inlines.push({ kind: 'text', text: text.slice(last) });
  return inlines;
}

type Draft =
  | { kind: 'heading'; depth: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; items: string[][] }
  | { kind: 'note'; lines: string[] };

function readDrafts(source: string): Draft[] {
  const drafts: Draft[] = [];
  let open: Draft | undefined;
  const close = () => {
    if (open) drafts.push(open);
    open = undefined;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    const quote = QUOTE.exec(line);
    if (!line) {
      close();
    } else if (heading) {
      close();
      drafts.push({ kind: 'heading', depth: heading[1]?.length ?? 1, text: heading[2] ?? '' });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      const text = (bullet ?? numbered)?.[1] ?? '';
      if (open?.kind === 'list' && open.ordered === ordered) open.items.push([text]);
      else {
        close();
        open = { kind: 'list', ordered, items: [[text]] };
      }
    } else if (quote) {
      if (open?.kind !== 'note') {
        close();
        open = { kind: 'note', lines: [] };
      }
      open.lines.push(quote[1] ?? '');
    } else if (open?.kind === 'list') {
      // A line under an item carries on that item.
      open.items.at(-1)?.push(line);
    } else if (open?.kind === 'paragraph' || open?.kind === 'note') {
      open.lines.push(line);
    } else {
      close();
      open = { kind: 'paragraph', lines: [line] };
    }
  }
  close();
  return drafts;
}

const joinLines = (lines: string[]) => lines.join(' ').replace(/\s+/g, ' ').trim();

/**
 * The blocks of a content file. The page's h1 is the app's own title, so the file's top heading
 * level (whatever number of #) becomes h2 and the rest follow from it.
 */
export function parseMarkdown(source: string): Block[] {
  const drafts = readDrafts(source);
  const depths = drafts.flatMap((draft) => (draft.kind === 'heading' ? [draft.depth] : []));
  const top = Math.min(...depths, 6);
  return drafts.map((draft): Block => {
    switch (draft.kind) {
      case 'heading': {
        const level = Math.min(6, draft.depth - top + 2) as HeadingLevel;
        return { kind: 'heading', level, inlines: parseInlines(draft.text) };
      }
      case 'paragraph':
        return { kind: 'paragraph', inlines: parseInlines(joinLines(draft.lines)) };
      case 'note':
        return { kind: 'note', inlines: parseInlines(joinLines(draft.lines)) };
      default:
        return {
          kind: 'list',
          ordered: draft.ordered,
          items: draft.items.map((lines) => parseInlines(joinLines(lines))),
        };
    }
  });
}
