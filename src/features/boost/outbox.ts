// The Boost answers lane of the app's outbox, with the supabase-js sender (src/outbox.ts composes the lanes).
import { anyLane } from '@/lib/outbox';
import { sendAnswers } from './api/send-answers';
import { answerLane } from '@/lib/answer-drafts';

export const answersLane = anyLane(answerLane(sendAnswers));
