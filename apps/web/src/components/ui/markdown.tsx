import ReactMarkdown, { type Components } from 'react-markdown';
import { cx } from './class-names';
import { safeUrl } from './safe-url';
import './markdown.css';

// Links inside the app stay in the tab; anything else opens apart, without access to this window.
const components: Components = {
  a: ({ href, children }) => {
    if (!href) return <span>{children}</span>;
    if (href.startsWith('#/')) return <a href={href}>{children}</a>;
    return (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  // Text from an AI provider or the help set never loads images: no tracking pixels, no data URLs.
  img: ({ alt }) => <span>{alt}</span>,
};

/**
 * Markdown rendered as React elements only: raw HTML in the source is dropped (`skipHtml`), and links
 * keep only http(s) and in-app hash routes (`#/…`) — `javascript:`, `data:` and the rest become inert.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cx('markdown', className)}>
      <ReactMarkdown skipHtml urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
