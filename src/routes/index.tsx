import { createFileRoute } from '@tanstack/react-router';
import { LatestPosts } from '@/features/blog/components/latest-posts';
// The teaser's own module, not the feature's index: visitors never load Boost's answering and
// offline layers (IndexedDB, outbox) that the index brings along.
import { BoostTeaser } from '@/features/boost/components/boost-teaser';
import { HomePage } from '@/features/home/components/home-page';
import { useSessionStore } from '@/lib/session';

// No loader: the hero is static and every data block loads on its own, so the first paint
// never waits for the network.
export const Route = createFileRoute('/')({
  staticData: { title: null },
  component: function Home() {
    // The Boost teaser is the visitors' (players have the Boost card on their home).
    const visitor = useSessionStore((s) => s.ready && !s.session);
    return (
      <HomePage>
        {visitor && <BoostTeaser />}
        <LatestPosts />
      </HomePage>
    );
  },
});
