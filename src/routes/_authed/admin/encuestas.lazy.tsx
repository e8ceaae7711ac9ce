import { createLazyFileRoute } from '@tanstack/react-router';
import { PollsPanel } from '@/features/admin/components/polls-panel';

export const Route = createLazyFileRoute('/_authed/admin/encuestas')({ component: PollsPanel });
