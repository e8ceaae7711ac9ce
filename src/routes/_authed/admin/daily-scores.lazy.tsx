import { createLazyFileRoute } from '@tanstack/react-router';
import { DailyScoresScreen } from '@/features/admin/components/daily-scores';

export const Route = createLazyFileRoute('/_authed/admin/daily-scores')({ component: DailyScoresScreen });
