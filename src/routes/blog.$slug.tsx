import { createFileRoute, useRouter } from '@tanstack/react-router';
import { getBlogPost } from '@/features/blog/api/get-blog-post';
import { BlogPostError, BlogPostPage, BlogPostSkeleton, PostNotFound } from '@/features/blog/components/blog-post-page';

export const Route = createFileRoute('/blog/$slug')({
  loader: ({ params }) => getBlogPost(params.slug),
  pendingComponent: BlogPostSkeleton,
  errorComponent: BlogPostRouteError,
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const post = Route.useLoaderData();
  return post ? <BlogPostPage post={post} /> : <PostNotFound />;
}

function BlogPostRouteError() {
  const router = useRouter();
  return <BlogPostError onRetry={() => void router.invalidate()} />;
}
