import type { MountedService, PlatformContext } from '../service.ts';
export async function createFunctionsHost(_ctx: PlatformContext): Promise<MountedService> {
  return { handle: (_req, res) => void res.writeHead(501).end('functions not built yet'), close: async () => {} };
}
