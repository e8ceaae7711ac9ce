import { createLazyFileRoute } from '@tanstack/react-router';
import { DailyGameScreen } from '@/features/admin/components/daily-game-form';

export const Route = createLazyFileRoute('/_authed/admin/daily-game')({ component: DailyGameScreen });
