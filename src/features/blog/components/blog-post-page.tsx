// /blog/$slug: one post with its banner, category, title and date, between back links to the
// blog (docs/product.md#blog); an unknown or unpublished slug says 'Post no encontrado.'.
import { Link } from '@tanstack/react-router';
import { AppLink } from '@/components/ui/app-link';
import { ErrorState } from '@/components/ui/error-state';
import { SavedCopyNote } from '@/components/ui/saved-copy-note';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { BRAND } from '@/lib/brand';
import { isOfflineMiss, NO_COPY_TEXT } from '@/lib/cached-read';
import type { BlogPost } from '../api/get-blog-post';
import { formatPublishDate, publishDateAttr } from '../publish-date';
import { CategoryBadge } from './category-badge';
import { PostBody } from './post-body';

export function BlogPostPage({ post, cachedAt = null }: { post: BlogPost; cachedAt?: number | null }) {
  useDocumentTitle(post.title);
  return (
    <article className="flex flex-col gap-4">
      <BackToBlog />
      {cachedAt !== null && <SavedCopyNote storedAt={cachedAt} what="de esta publicación" />}
      {post.bannerUrl ? (
        <img
          src={post.bannerUrl}
          alt=""
          width={1200}
          height={630}
          className="-mx-4 aspect-[40/21] w-[calc(100%+2rem)] max-w-none bg-slate-100 object-cover sm:mx-0 sm:w-full sm:rounded-2xl"
        />
      ) : null}
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <CategoryBadge category={post.category} />
          <span>
            Publicado el <time dateTime={publishDateAttr(post.publishedAt)}>{formatPublishDate(post.publishedAt)}</time>
          </span>
        </div>
        <h1 className="text-2xl font-extrabold leading-tight tracking-tight text-balance">{post.title}</h1>
        {post.excerpt ? <p className="text-base text-slate-600">{post.excerpt}</p> : null}
      </header>
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <PostBody html={post.bodyHtml} />
      </div>
      <div className="flex flex-col items-start gap-3 rounded-2xl bg-brand-800 p-5 text-white">
        <p className="font-bold">¿Te gustó? Juega gratis la quiniela de esta semana.</p>
        <AppLink
          to={`/${BRAND.slug}-de-la-semana`}
          className="inline-flex min-h-11 items-center rounded-full bg-gold-400 px-5 text-sm font-bold text-slate-900 hover:bg-amber-300"
        >
          Ver la quiniela de la semana
        </AppLink>
      </div>
      <BackToBlog />
    </article>
  );
}

function BackToBlog() {
  return (
    <Link to="/blog" className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-brand-700 hover:underline">
      ← Volver al blog
    </Link>
  );
}

export function PostNotFound() {
  useDocumentTitle('Post no encontrado');
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200">
      <p aria-hidden="true" className="text-4xl">
        📰
      </p>
      <h1 className="text-xl font-bold">Post no encontrado.</h1>
      <p className="text-sm text-slate-600">La publicación que buscas no existe o ya no está disponible.</p>
      <Link to="/blog" className="mt-2 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800">
        ← Volver al blog
      </Link>
    </div>
  );
}

export function BlogPostSkeleton() {
  return (
    <LoadingState label="Cargando la publicación…" className="flex flex-col gap-4">
      <div className="h-5 w-32 animate-pulse rounded bg-slate-200" />
      <div className="aspect-[40/21] w-full animate-pulse rounded-2xl bg-slate-200" />
      <div className="h-4 w-40 animate-pulse rounded bg-slate-200" />
      <div className="h-8 w-5/6 animate-pulse rounded bg-slate-200" />
      <div className="h-48 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />
    </LoadingState>
  );
}

export function BlogPostError({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  useDocumentTitle('Blog');
  return <ErrorState message={isOfflineMiss(error) ? NO_COPY_TEXT : 'No pudimos cargar la publicación.'} onRetry={onRetry} />;
}
