import type { MountedService, PlatformContext } from '../service.ts';
export async function prepareRealtime(_dbUrl: string): Promise<void> {}
export async function startRealtime(_ctx: PlatformContext): Promise<MountedService> {
  return { handle: (_req, res) => void res.writeHead(501).end('realtime not built yet'), close: async () => {} };
}
