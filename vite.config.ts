import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ANON_KEY, DEFAULT_PORTS } from './supabase/local/config.ts';
import { BRAND } from './src/lib/brand.ts';

/** Fills the brand's name, description and colour into index.html, so a rebrand is one edit (src/lib/brand.ts). */
function brandHtml(): Plugin {
  const values: Record<string, string> = {
    BRAND_NAME: BRAND.name,
    BRAND_DESCRIPTION: BRAND.description,
    BRAND_THEME_COLOR: BRAND.themeColor,
  };
  return {
    name: 'quinielazo-brand-html',
    transformIndexHtml: (html) => html.replace(/%(BRAND_[A-Z_]+)%/g, (match, key: string) => values[key] ?? match),
  };
}

export default defineConfig(({ mode, command }) => {
  const fileEnv = loadEnv(mode, process.cwd(), 'VITE_');
  // Without explicit values the app talks to the local platform with the Supabase CLI's
  // development key; a hosted deploy sets both variables (README: deploy).
  const supabaseUrl = fileEnv.VITE_SUPABASE_URL ?? `http://127.0.0.1:${DEFAULT_PORTS.api}`;
  const supabaseAnonKey = fileEnv.VITE_SUPABASE_ANON_KEY ?? ANON_KEY;
  if (command === 'build' && (!fileEnv.VITE_SUPABASE_URL || !fileEnv.VITE_SUPABASE_ANON_KEY)) {
    console.info(`[quinielazo] build for the local platform at ${supabaseUrl}`);
  }

  return {
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    define: {
      'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(supabaseUrl),
      'import.meta.env.VITE_SUPABASE_ANON_KEY': JSON.stringify(supabaseAnonKey),
    },
    build: {
      // Every browser the PWA supports (Chromium, Safari 17+, Firefox 115+) knows modulepreload.
      modulePreload: { polyfill: false },
    },
    server: { port: DEFAULT_PORTS.app, strictPort: true },
    preview: { port: DEFAULT_PORTS.app, strictPort: true },
    plugins: [
      // Must run before the React plugin: it generates src/routeTree.gen.ts from src/routes/.
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // A route's loader and pending/error screens go to lazy chunks too (the default keeps
        // loader and pendingComponent in the route tree, so every screen's data code and
        // skeletons landed in the first load). The loader chunk is fetched alongside the screen's.
        codeSplittingOptions: {
          defaultBehavior: [['loader'], ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
        },
      }),
      react(),
      tailwindcss(),
      brandHtml(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'service-worker',
        filename: 'sw.ts',
        // src/lib/sw-register.ts registers it with workbox-window.
        injectRegister: false,
        registerType: 'prompt',
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          // Crests and blog images are many and rarely all needed: cached at runtime instead.
          globIgnores: ['crests/**', 'blog/**'],
        },
        includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
        manifest: {
          id: '/',
          name: BRAND.name,
          short_name: BRAND.name,
          description: BRAND.description,
          lang: 'es-MX',
          dir: 'ltr',
          start_url: '/inicio',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          theme_color: BRAND.themeColor,
          background_color: BRAND.backgroundColor,
          categories: ['sports', 'games'],
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
      }),
    ],
  };
});
