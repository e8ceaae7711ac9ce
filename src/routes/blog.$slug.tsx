import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { getBlogPost } from '@/features/blog/api/get-blog-post';
import { BlogPostError, BlogPostPage, BlogPostSkeleton, PostNotFound } from '@/features/blog/components/blog-post-page';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { currentSession } from '@/lib/session';

export const Route = createFileRoute('/blog/$slug')({
  // A player's copy is kept for offline reading (issue 32); a visitor's read is not.
  loader: async ({ params }) => cachedRead(`blog:post:${params.slug}`, (await currentSession())?.user.id ?? null, () => getBlogPost(params.slug), MAX_AGE.blog),
  pendingComponent: BlogPostSkeleton,
  errorComponent: BlogPostRouteError,
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { data: post, cachedAt } = Route.useLoaderData();
  return post ? <BlogPostPage post={post} cachedAt={cachedAt} /> : <PostNotFound />;
}

function BlogPostRouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <BlogPostError error={error} onRetry={() => void router.invalidate()} />;
}
