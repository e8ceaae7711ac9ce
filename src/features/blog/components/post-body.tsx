// A post's body: HTML written by admins in our own database (blog_posts is writable only by
// admins, RLS "Admins write posts"), never by players or visitors, so rendering it with
// dangerouslySetInnerHTML is trusting our own editors, like any CMS page. If players could ever
// write posts, this must sanitize first. Tailwind has no typography plugin here, so the
// "prose" look is set on the container for the elements posts use.
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

const PROSE = [
  'text-[15px] leading-relaxed text-slate-800',
  '[&_p]:my-3',
  '[&_h2]:mt-7 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:leading-snug [&_h2]:text-slate-900',
  '[&_h3]:mt-5 [&_h3]:mb-1.5 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:my-1 [&_li]:marker:text-brand-700',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-slate-600',
  '[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_table]:my-4 [&_table]:w-full [&_table]:text-sm [&_td]:border-t [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0 [overflow-wrap:anywhere]',
].join(' ');

export function PostBody({ html }: { html: string }) {
  const router = useRouter();

  // Links inside the body are plain <a>: in-app ones go through the router (no full reload).
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void router.navigate({ href: `${url.pathname}${url.search}${url.hash}` });
  }

  // Only delegates the links' clicks (Enter on a focused link fires click too), so no role is needed.
  return <div className={PROSE} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
