// The blog's list: published posts, newest first (docs/product.md#blog). Only what a card shows is
// read; the body stays in the post's own request.
import { supabase } from '@/lib/supabase';

export interface BlogPostSummary {
  slug: string;
  title: string;
  category: string | null;
  excerpt: string | null;
  bannerUrl: string | null;
  publishedAt: string;
}

/** Published posts, newest first; `limit` keeps only the newest (the home page shows two). */
export async function getBlogPosts(limit?: number): Promise<BlogPostSummary[]> {
  // RLS already hides unpublished posts from players; an admin may read drafts, so the public
  // list asks for published ones explicitly and an admin sees what everybody sees.
  const { data, error } = await supabase
    .from('blog_posts')
    .select('slug, title, category, excerpt, banner_url, published_at')
    .not('published_at', 'is', null)
    .lte('published_at', new Date().toISOString())
    .order('published_at', { ascending: false })
    .order('slug')
    .limit(limit ?? 1000);
  if (error) throw error;
  return data.map((row) => ({
    slug: row.slug,
    title: row.title,
    category: row.category,
    excerpt: row.excerpt,
    bannerUrl: row.banner_url,
    publishedAt: row.published_at as string,
  }));
}
