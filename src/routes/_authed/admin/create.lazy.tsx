import { createLazyFileRoute } from '@tanstack/react-router';
import { CreateRoundForm } from '@/features/admin/components/create-round-form';

export const Route = createLazyFileRoute('/_authed/admin/create')({ component: CreateRoundForm });
