import { createFileRoute, useRouter } from '@tanstack/react-router';
import { getBlogPosts } from '@/features/blog/api/get-blog-posts';
import { BlogError, BlogListPage, BlogListSkeleton } from '@/features/blog/components/blog-list-page';

export const Route = createFileRoute('/blog/')({
  loader: () => getBlogPosts(),
  pendingComponent: BlogListSkeleton,
  errorComponent: BlogListError,
  component: BlogIndex,
});

function BlogIndex() {
  return <BlogListPage posts={Route.useLoaderData()} />;
}

function BlogListError() {
  const router = useRouter();
  return <BlogError onRetry={() => void router.invalidate()} />;
}
