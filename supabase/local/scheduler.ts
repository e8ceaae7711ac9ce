import type { PlatformContext } from './service.ts';
export function startScheduler(_ctx: PlatformContext): { close(): Promise<void> } {
  return { close: async () => {} };
}
