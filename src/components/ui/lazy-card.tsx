// A card below the fold whose code arrives after the screen's first frame: its own chunk keeps
// the route's first load within budget (docs/performance.md). Until the chunk is in, the card's
// frame and its loading block stand in its place, the same the card shows while its data loads,
// so nothing moves when it arrives.
import { lazy, Suspense, useId, type ComponentType } from 'react';

/** `loadingHeight`: the card's own loading block's height class, so the frame matches it. */
export function lazyCard<P extends object>(load: () => Promise<ComponentType<P>>, title: string, loadingLabel: string, loadingHeight = 'h-40') {
  const Card = lazy(() => load().then((component) => ({ default: component })));
  return function LazyCard(props: P) {
    const titleId = useId();
    const frame = (
      <section aria-labelledby={titleId} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <header className="border-b border-slate-100 px-4 py-3">
          <h2 id={titleId} className="font-bold">
            {title}
          </h2>
        </header>
        <div role="status" aria-label={loadingLabel} className={`${loadingHeight} animate-pulse bg-slate-50`} />
      </section>
    );
    return (
      <Suspense fallback={frame}>
        <Card {...props} />
      </Suspense>
    );
  };
}
