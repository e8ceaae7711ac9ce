import { createLazyFileRoute } from '@tanstack/react-router';
import { ScoreEmailsForm } from '@/features/admin/components/score-emails-form';

export const Route = createLazyFileRoute('/_authed/admin/trigger-emails')({ component: ScoreEmailsForm });
