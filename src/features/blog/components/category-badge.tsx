// A post's category as a small pill. 'Community' is the recaps' category in the data (docs/product.md#blog);
// readers see Spanish.
const LABELS: Record<string, string> = { Community: 'Comunidad' };

export function CategoryBadge({ category }: { category: string | null }) {
  if (!category) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
      {LABELS[category] ?? category}
    </span>
  );
}
