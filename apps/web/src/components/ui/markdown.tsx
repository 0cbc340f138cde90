import ReactMarkdown, { type Components } from 'react-markdown';
import { cx } from './class-names';
import { imageAddress } from '../../lib/image-address';
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

// An operator's article shows the images it was written with, but only the app's own uploads (decision 078).
const withUploads: Components = {
  ...components,
  img: ({ src, alt }) => {
    const address = imageAddress(typeof src === 'string' ? src : null);
    return address ? <img className="markdown__img" src={address} alt={alt ?? ''} loading="lazy" decoding="async" /> : <span>{alt}</span>;
  },
};

// Upload addresses pass the link filter too (they are same-origin paths); everything else goes through safeUrl.
const uploadsOrSafe = (url: string, key: string) => (key === 'src' && imageAddress(url) ? url : safeUrl(url));

/**
 * Markdown rendered as React elements only: raw HTML in the source is dropped (`skipHtml`), and links
 * keep only http(s) and in-app hash routes (`#/…`) — `javascript:`, `data:` and the rest become inert.
 */
export function Markdown({ children, className, images = 'none' }: { children: string; className?: string; images?: 'none' | 'uploads' }) {
  return (
    <div className={cx('markdown', className)}>
      <ReactMarkdown skipHtml urlTransform={images === 'uploads' ? uploadsOrSafe : safeUrl} components={images === 'uploads' ? withUploads : components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
