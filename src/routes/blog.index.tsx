import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { getBlogPosts } from '@/features/blog/api/get-blog-posts';
import { BlogError, BlogListPage, BlogListSkeleton } from '@/features/blog/components/blog-list-page';
import { cachedRead, MAX_AGE } from '@/lib/cached-read';
import { currentSession } from '@/lib/session';

export const Route = createFileRoute('/blog/')({
  // A player's copy is kept for offline reading (issue 32); a visitor's read is not.
  loader: async () => cachedRead('blog:list', (await currentSession())?.user.id ?? null, () => getBlogPosts(), MAX_AGE.blog),
  pendingComponent: BlogListSkeleton,
  errorComponent: BlogListError,
  component: BlogIndex,
});

function BlogIndex() {
  const { data, cachedAt } = Route.useLoaderData();
  return <BlogListPage posts={data} cachedAt={cachedAt} />;
}

function BlogListError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return <BlogError error={error} onRetry={() => void router.invalidate()} />;
}
