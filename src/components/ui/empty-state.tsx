// A card saying there is nothing to show yet, and what the player can expect.
export function EmptyState({ title, description }: { title: string; description: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-slate-600">{description}</p>
    </div>
  );
}
