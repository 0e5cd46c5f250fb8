import styles from './markdown-content.module.css';
import { type Block, type Inline, parseMarkdown } from './parse-markdown';

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, i) => {
    const key = `${i}-${inline.kind}`;
    if (inline.kind === 'strong') return <strong key={key}>{inline.text}</strong>;
    if (inline.kind === 'link') {
      return (
        <a key={key} href={inline.href}>
          {inline.text}
        </a>
      );
    }
    return inline.text;
  });
}

function MarkdownBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return (
        <Heading className={styles.heading}>
          <Inlines inlines={block.inlines} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p>
          <Inlines inlines={block.inlines} />
        </p>
      );
    case 'note':
      return (
        <p className={styles.note}>
          <Inlines inlines={block.inlines} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className={styles.list}>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a content file's items never move
            <li key={i}>
              <Inlines inlines={item} />
            </li>
          ))}
        </List>
      );
    }
  }
}

/** A content file (parse-markdown.ts) as the page's text: React elements only, never raw HTML. */
export function MarkdownContent({ source }: { source: string }) {
  return (
    <div className={styles.content}>
      {parseMarkdown(source).map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a content file's blocks never move
        <MarkdownBlock key={i} block={block} />
      ))}
    </div>
  );
}
