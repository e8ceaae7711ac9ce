// The home page's latest two posts; the section stays away when there are none or the read fails
// (the home is no place for a blog error).
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getBlogPosts, type BlogPostSummary } from '../api/get-blog-posts';
import { formatPublishDate, publishDateAttr } from '../publish-date';

export function LatestPosts() {
  const [posts, setPosts] = useState<BlogPostSummary[] | null>(null);
  useEffect(() => {
    let current = true;
    getBlogPosts(2).then((p) => current && setPosts(p), () => current && setPosts([]));
    return () => {
      current = false;
    };
  }, []);
  if (posts !== null && posts.length === 0) return null;
  return (
    <section aria-labelledby="latest-posts-title">
      <div className="flex items-baseline justify-between">
        <h2 id="latest-posts-title" className="text-2xl font-extrabold tracking-tight">
          Del blog
        </h2>
        <Link to="/blog" className="text-sm font-semibold text-brand-700 underline">
          Ver todo
        </Link>
      </div>
      <ol className="mt-3 grid gap-3 sm:grid-cols-2">
        {(posts ?? [null, null]).map((post, i) => (
          <li key={post?.slug ?? i} className="min-h-28 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            {post ? (
              <article className="flex flex-col gap-1">
                <time dateTime={publishDateAttr(post.publishedAt)} className="text-xs text-slate-600">
                  {formatPublishDate(post.publishedAt)}
                </time>
                <h3 className="font-bold leading-snug">
                  <Link to="/blog/$slug" params={{ slug: post.slug }} className="hover:text-brand-700 hover:underline">
                    {post.title}
                  </Link>
                </h3>
                {post.excerpt && <p className="line-clamp-2 text-sm text-slate-600">{post.excerpt}</p>}
              </article>
            ) : (
              <span aria-hidden="true" className="block h-20 animate-pulse rounded bg-slate-100" />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
