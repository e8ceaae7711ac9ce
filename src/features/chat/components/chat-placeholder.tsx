/** The messages' place while the chat is not read yet: loading (a status) or, before the reader comes near, still waiting (hidden). */
export function ChatPlaceholder({ loading }: { loading: boolean }) {
  return (
    <div role={loading ? 'status' : undefined} aria-label={loading ? 'Cargando el chat' : undefined} aria-hidden={loading ? undefined : true} className="flex min-h-40 flex-col gap-3 px-4 py-4">
      <span className="h-10 w-3/4 animate-pulse rounded-xl bg-slate-100" />
      <span className="h-10 w-2/3 animate-pulse rounded-xl bg-slate-100" />
      <span className="h-10 w-4/5 animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}
