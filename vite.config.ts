import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_PORTS, PUBLISHABLE_KEY, VAPID_PUBLIC_KEY } from './supabase/local/config.ts';
import { BRAND } from './src/lib/brand.ts';
import { precompress } from './scripts/precompress.ts';
import { prerender } from './scripts/prerender.ts';

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

/** The public pages as real HTML (scripts/prerender.ts), once the client build is written and
 * before the service worker's precache list is made. Not in the prerender's own (SSR) build. */
function prerenderPages(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'quinielazo-prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved: (resolved) => void (config = resolved),
    writeBundle: {
      order: 'post',
      sequential: true,
      handler: async (_options, bundle) => {
        if (!config) return;
        const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [{ fileName: file.fileName, facadeModuleId: file.facadeModuleId, imports: file.imports }] : []));
        await prerender({ root: config.root, outDir: resolvePath(config.root, config.build.outDir), mode: config.mode, configFile: config.configFile ?? false, chunks });
      },
    },
  };
}

/** Brotli and gzip copies of the built files (scripts/precompress.ts), after every other plugin
 * (the service worker is written in vite-plugin-pwa's closeBundle). */
function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'quinielazo-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = resolvePath(config.root, config.build.outDir)),
    closeBundle: { order: 'post', sequential: true, handler: async () => void (await precompress(outDir)) },
  };
}

export default defineConfig(({ mode, command }) => {
  // loadEnv reads the VITE_ variables of the .env files and of the process environment.
  const fileEnv = loadEnv(mode, process.cwd(), 'VITE_');
  // A production build must name its project: falling back to the local platform would ship
  // an app that talks to 127.0.0.1. Only the dev server and `--mode local-platform` builds (the
  // bench, tests/unit/admin-bundle.test.ts) fall back to the local platform's default URL and the
  // Supabase CLI's development publishable key; `npm start` and the E2E setup set both variables to the
  // platform they started and build in production mode.
  const local = command === 'serve' || mode === 'local-platform';
  if (!local && (!fileEnv.VITE_SUPABASE_URL || !fileEnv.VITE_SUPABASE_PUBLISHABLE_KEY)) {
    throw new Error(
      `[quinielazo] a ${mode} build needs VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY (see docs/deploy.md); ` +
        'build with --mode local-platform to target the local platform',
    );
  }
  const supabaseUrl = fileEnv.VITE_SUPABASE_URL || `http://127.0.0.1:${DEFAULT_PORTS.api}`;
  const supabaseAnonKey = fileEnv.VITE_SUPABASE_PUBLISHABLE_KEY || PUBLISHABLE_KEY;
  // The web push key pair's public half (docs/deploy.md). Builds for the local platform default
  // to its fixed development key; a production build without one offers no push (e-mail only).
  const localApi = /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(supabaseUrl);
  const vapidPublicKey = fileEnv.VITE_VAPID_PUBLIC_KEY || (local || localApi ? VAPID_PUBLIC_KEY : '');

  return {
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    define: {
      'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(supabaseUrl),
      'import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY': JSON.stringify(supabaseAnonKey),
      'import.meta.env.VITE_VAPID_PUBLIC_KEY': JSON.stringify(vapidPublicKey),
    },
    build: {
      // Every browser the PWA supports (Chromium, Safari 17+, Firefox 115+) knows modulepreload.
      // A lazy chunk's imports are not announced as preloads when it is imported: the browser
      // finds them when the chunk arrives. Announcing them made one long task (a dozen to thirty
      // <link> elements at once, 1–2 ms each on a phone) while the screen was loading, and they
      // competed with its data. The prerendered pages list their screen's chunks up front
      // (scripts/prerender.ts); a returning player's service worker has every chunk already.
      modulePreload: { polyfill: false, resolveDependencies: () => [] },
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
          globPatterns: ['**/*.{js,css,html,svg,png}'],
          // Crests and blog banners are many and rarely all needed: crests are cached as they are
          // shown (service-worker/sw.ts); blog banners come from the network. The prerendered
          // pages below the root (rules/index.html…, ~70 KB each with their inlined stylesheet)
          // are never answered from the precache: every navigation but the home gets the shell
          // (service-worker/sw.ts), so they were a third of the install for nothing. The link
          // preview's image (og/) is for the apps that unfurl a link, not for the phone.
          globIgnores: ['crests/**', 'blog/**', 'og/**', '*/**/*.html'],
        },
        // The glob above already lists the icons, the favicon and the touch icon, and
        // vite-plugin-pwa adds the web manifest itself: each was listed twice.
        includeAssets: [],
        includeManifestIcons: false,
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
      prerenderPages(),
      precompressBuild(),
    ],
  };
});
