// One published post by its slug, with its body; null when there is none (the page then says
// 'Post no encontrado.').
import { supabase } from '@/lib/supabase';
import type { BlogPostSummary } from './get-blog-posts';

export interface BlogPost extends BlogPostSummary {
  /** Admin-authored HTML from our own database (see components/post-body.tsx). */
  bodyHtml: string;
}

export async function getBlogPost(slug: string): Promise<BlogPost | null> {
  const { data, error } = await supabase
    .from('blog_posts')
    .select('slug, title, category, excerpt, banner_url, body_html, published_at')
    .eq('slug', slug)
    .not('published_at', 'is', null)
    .lte('published_at', new Date().toISOString())
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  return {
    slug: data.slug,
    title: data.title,
    category: data.category,
    excerpt: data.excerpt,
    bannerUrl: data.banner_url,
    publishedAt: data.published_at as string,
    bodyHtml: data.body_html,
  };
}
