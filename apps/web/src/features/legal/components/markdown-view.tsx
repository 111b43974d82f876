import { type MarkdownBlock, type MarkdownInline, parseMarkdown } from '@dso/domain';
import { Fragment, useMemo } from 'react';
import { Link } from 'react-router';

function Inline({ parts }: { parts: MarkdownInline[] }) {
  return (
    <>
      {parts.map((part, index) => {
        const key = `${index}-${part.kind}`;
        if (part.kind === 'strong') return <strong key={key}>{part.text}</strong>;
        if (part.kind === 'link') {
          return part.href.startsWith('/') ? (
            <Link key={key} to={part.href}>
              {part.text}
            </Link>
          ) : (
            <a key={key} href={part.href} target="_blank" rel="noopener noreferrer">
              {part.text}
            </a>
          );
        }
        return <Fragment key={key}>{part.text}</Fragment>;
      })}
    </>
  );
}

function Block({ block }: { block: MarkdownBlock }) {
  switch (block.kind) {
    case 'heading': {
      const Heading = (['h1', 'h2', 'h3'] as const)[block.level - 1]!;
      return (
        <Heading>
          <Inline parts={block.content} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p>
          <Inline parts={block.content} />
        </p>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List>
          {block.items.map((item, index) => (
            // Items have no identity but their place in a document that does not change while shown.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              <Inline parts={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'table':
      return (
        <div className="legal-doc__table">
          <table>
            <thead>
              <tr>
                {block.header.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
                  <th key={index}>
                    <Inline parts={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a fixed document
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are identified by their column
                    <td key={index}>
                      <Inline parts={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'rule':
      return <hr />;
  }
}

/** Renders the Markdown subset of `parseMarkdown` as elements: no HTML from the text reaches the page. */
export function MarkdownView({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed document
        <Block key={index} block={block} />
      ))}
    </>
  );
}
