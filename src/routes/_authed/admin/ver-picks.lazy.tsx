import { createLazyFileRoute } from '@tanstack/react-router';
import { PlayerPicksReview } from '@/features/admin/components/player-picks';

export const Route = createLazyFileRoute('/_authed/admin/ver-picks')({ component: PlayerPicksReview });
