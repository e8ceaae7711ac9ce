import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/features/info/components/privacy-page';

export const Route = createFileRoute('/privacidad')({
  component: PrivacyPage,
});
