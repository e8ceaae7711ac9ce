// /blog: published posts newest first, each with its banner, category, date, excerpt and
// 'Leer más' (docs/product.md#blog).
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { PageHeader } from '@/components/ui/page-header';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { BRAND } from '@/lib/brand';
import { isOfflineMiss, NO_COPY_TEXT } from '@/lib/cached-read';
import type { BlogPostSummary } from '../api/get-blog-posts';
import { formatPublishDate, publishDateAttr } from '../publish-date';
import { CategoryBadge } from './category-badge';

export function BlogListPage({ posts, cachedAt = null }: { posts: BlogPostSummary[]; cachedAt?: number | null }) {
  useDocumentTitle('Blog');
  return (
    <div className="flex flex-col gap-5">
      <PageHeader eyebrow="Blog" title={`Blog de ${BRAND.name}`}>
        Guías para jugar mejor, resúmenes de cada mes y novedades de la comunidad.
      </PageHeader>
      {cachedAt !== null && <SavedCopyNote storedAt={cachedAt} what="del blog" />}
      {posts.length === 0 ? (
        <EmptyState title="Todavía no hay publicaciones" description="Muy pronto publicaremos guías y resúmenes del mes. ¡Vuelve pronto!" />
      ) : (
        <ol aria-label="Publicaciones" className="flex flex-col gap-4">
          {posts.map((post, index) => (
            <li key={post.slug}>
              <PostCard post={post} eager={index === 0} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function PostCard({ post, eager }: { post: BlogPostSummary; eager: boolean }) {
  return (
    <article className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {post.bannerUrl ? (
        <Link to="/blog/$slug" params={{ slug: post.slug }} tabIndex={-1} aria-hidden="true">
          <img
            src={post.bannerUrl}
            alt=""
            width={1200}
            height={630}
            loading={eager ? 'eager' : 'lazy'}
            className="aspect-[40/21] w-full bg-slate-100 object-cover"
          />
        </Link>
      ) : null}
      <div className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <CategoryBadge category={post.category} />
          <time dateTime={publishDateAttr(post.publishedAt)}>{formatPublishDate(post.publishedAt)}</time>
        </div>
        <h2 className="text-lg font-bold leading-snug text-balance">
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="text-sm text-slate-600">{post.excerpt}</p> : null}
        <Link
          to="/blog/$slug"
          params={{ slug: post.slug }}
          aria-label={`Leer más: ${post.title}`}
          className="mt-1 inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-brand-700 hover:underline"
        >
          Leer más
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

export function BlogListSkeleton() {
  return (
    <LoadingState label="Cargando el blog…" className="flex flex-col gap-5">
      <div className="h-14 w-56 animate-pulse rounded-lg bg-slate-200" />
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          <div className="aspect-[40/21] w-full animate-pulse bg-slate-200" />
          <div className="flex flex-col gap-2 p-4">
            <div className="h-4 w-32 animate-pulse rounded bg-slate-200" />
            <div className="h-5 w-3/4 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
          </div>
        </div>
      ))}
    </LoadingState>
  );
}

export function BlogError({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  useDocumentTitle('Blog');
  return <ErrorState message={isOfflineMiss(error) ? NO_COPY_TEXT : 'No pudimos cargar el blog.'} onRetry={onRetry} />;
}
