// Writes the service worker (sw.js) into a built app with Workbox: it precaches the page, both wasm files,
// their JS, the CSS, the icons, the manifest and the shipped base, each under a content hash, so a new
// build replaces exactly what changed and old caches are cleaned up. The page (www/boot.js) registers it
// and offers to reload when a new build is waiting. Run by Trunk after each build (Trunk.toml [[hooks]]),
// on Trunk's staging directory; or by hand: node scripts/service-worker.mjs DIR.
import { generateSW } from 'workbox-build';

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) {
    console.error('usage: node scripts/service-worker.mjs DIR (or run from Trunk, which sets TRUNK_STAGING_DIR)');
    process.exit(2);
}
const { count, size, warnings } = await generateSW({
    globDirectory: dir,
    globPatterns: ['**/*.{html,js,wasm,css,svg,png,bin,webmanifest}'],
    globIgnores: ['sw.js'],
    swDest: `${dir}/sw.js`,
    // Every page of the app is index.html (the router does the rest), also offline.
    navigateFallback: '/index.html',
    // index.html loads boot.js with the names of the app's JS and wasm in its query (Trunk.toml): one file.
    ignoreURLParametersMatching: [/^js$/, /^wasm$/, /^utm_/, /^fbclid$/],
    // The app's wasm is a few megabytes.
    maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
    // The runtime inline: the service worker is one file of this origin (no CDN, CSP 'self').
    inlineWorkboxRuntime: true,
    // A new build waits until the page says "reload" (SKIP_WAITING message), then takes over.
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    mode: 'production',
    sourcemap: false,
});
for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(`service worker: ${count} files precached, ${(size / 1048576).toFixed(1)} MiB`);
