import { createFileRoute } from '@tanstack/react-router';
import { RulesPage } from '@/features/standings/components/rules-page';

export const Route = createFileRoute('/rules')({
  staticData: { title: 'Reglas' },
  component: RulesPage,
});
