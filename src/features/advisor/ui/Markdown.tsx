/** Renders an advisor reply parsed by markdown.ts. Text is escaped by React; no HTML is injected. */
import type { ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from './markdown';

export interface MarkdownProps {
  text: string;
}

export default function Markdown({ text }: MarkdownProps) {
  return <>{parseMarkdown(text).map(renderBlock)}</>;
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{block.children.map(renderInline)}</p>;
    case 'heading':
      return (
        <p key={key} className="font-semibold text-navy-900">
          {block.children.map(renderInline)}
        </p>
      );
    case 'quote':
      return (
        <blockquote key={key} className="border-l-2 border-slate-300 pl-3 italic">
          {block.children.map(renderInline)}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key} className="overflow-x-auto rounded bg-slate-900 p-2 text-xs text-slate-100">
          <code>{block.value}</code>
        </pre>
      );
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{item.map(renderInline)}</li>);
      return block.ordered ? (
        <ol key={key} className="list-decimal space-y-1 pl-5">
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1 pl-5">
          {items}
        </ul>
      );
    }
  }
}

function renderInline(node: Inline, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'break':
      return <br key={key} />;
    case 'strong':
      return <strong key={key}>{node.children.map(renderInline)}</strong>;
    case 'em':
      return <em key={key}>{node.children.map(renderInline)}</em>;
    case 'code':
      return (
        <code key={key} className="rounded bg-slate-200/70 px-1 text-[0.9em]">
          {node.value}
        </code>
      );
    case 'link':
      return (
        <a
          key={key}
          href={node.href}
          className="font-medium text-brand-700 underline underline-offset-2"
          {...(/^https?:/i.test(node.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {node.children.map(renderInline)}
        </a>
      );
  }
}
