import { startPlatform } from './supabase/local/platform.ts';
import { freePort } from './supabase/local/wait.ts';
const platform = await startPlatform({
  dataDir: '/tmp/qdev/db', scheduler: false,
  ports: { api: await freePort(), db: 55432, inbox: await freePort(), smtp: await freePort(), app: await freePort() },
});
console.log('DBURL', platform.dbUrl, 'API', platform.apiUrl, 'ANON', platform.anonKey);
process.on('SIGTERM', async () => { await platform.stop(); process.exit(0); });
setInterval(() => {}, 1 << 30);
