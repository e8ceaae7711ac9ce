import { createLazyFileRoute } from '@tanstack/react-router';
import { EditResults } from '@/features/admin/components/edit-results';

export const Route = createLazyFileRoute('/_authed/admin/edit')({ component: EditResults });
