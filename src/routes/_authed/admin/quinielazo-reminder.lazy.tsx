import { createLazyFileRoute } from '@tanstack/react-router';
import { ReminderForm } from '@/features/admin/components/reminder-form';

export const Route = createLazyFileRoute('/_authed/admin/quinielazo-reminder')({ component: ReminderForm });
