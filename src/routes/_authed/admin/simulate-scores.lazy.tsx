import { createLazyFileRoute } from '@tanstack/react-router';
import { SimulateScores } from '@/features/admin/components/simulate-scores';

export const Route = createLazyFileRoute('/_authed/admin/simulate-scores')({ component: SimulateScores });
