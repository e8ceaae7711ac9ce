// The Pro picks lane of the app's outbox, with the supabase-js sender (src/outbox.ts composes the lanes).
import { anyLane } from '@/lib/outbox';
import { sendProPicks } from './api/send-pro-picks';
import { proPickLane } from '@/lib/pro-pick-drafts';

export const proPicksLane = anyLane(proPickLane(sendProPicks));
