import { createLazyFileRoute } from '@tanstack/react-router';
import { AdminHub } from '@/features/admin/components/admin-hub';

export const Route = createLazyFileRoute('/_authed/admin/')({ component: AdminHub });
