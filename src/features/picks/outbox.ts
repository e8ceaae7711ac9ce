// The picks lane of the app's outbox, with the supabase-js sender (src/outbox.ts composes the lanes).
import { anyLane } from '@/lib/outbox';
import { sendPicks } from './api/save-picks';
import { pickLane } from '@/lib/pick-drafts';

export const picksLane = anyLane(pickLane(sendPicks));
