import { createLazyFileRoute } from '@tanstack/react-router';
import { AnalyticsPanel } from '@/features/admin/components/analytics-panel';

export const Route = createLazyFileRoute('/_authed/admin/analytics')({ component: AnalyticsPanel });
