import { createLazyFileRoute } from '@tanstack/react-router';
import { CustomEmailForm } from '@/features/admin/components/custom-email-form';

export const Route = createLazyFileRoute('/_authed/admin/enviar-emails')({ component: CustomEmailForm });
