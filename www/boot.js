// Starts the app. It lives outside index.html so that the Content-Security-Policy can forbid inline
// scripts; Trunk passes the hashed names of the app's JS and wasm in this script's query (see Trunk.toml).
// Read from the script element, not import.meta.url: served by the service worker, the script's own URL
// is the cached one, without the query.
const tag = document.querySelector('script[src*="boot.js"]');
const params = new URL(tag.src, location.href).searchParams;

// The service worker (written by Workbox at build time, scripts/service-worker.mjs) keeps the app working
// offline. When a new build has been downloaded it waits; the page offers to reload into it.
function offerUpdate(waiting) {
    if (document.getElementById('update-banner')) return;
    const banner = document.createElement('div');
    banner.id = 'update-banner';
    banner.className = 'update-banner';
    banner.setAttribute('role', 'status');
    const text = document.createElement('span');
    text.textContent = 'A new version of Sprague is ready.';
    const reload = document.createElement('button');
    reload.id = 'update-reload';
    reload.type = 'button';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => waiting.postMessage({ type: 'SKIP_WAITING' }));
    banner.append(text, reload);
    document.body.append(banner);
}

if ('serviceWorker' in navigator) {
    // Once the new worker takes over, load the page afresh from it (once).
    let reloading = false;
    const hadController = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.addEventListener('controllerchange', () => {
        if (hadController && !reloading) {
            reloading = true;
            location.reload();
        }
    });
    navigator.serviceWorker.register('/sw.js').then((registration) => {
        const watch = (worker) => worker.addEventListener('statechange', () => {
            if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker);
        });
        if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
        if (registration.installing) watch(registration.installing);
        registration.addEventListener('updatefound', () => watch(registration.installing));
    }).catch((error) => console.warn('Sprague works online only: the service worker did not start', error));
}

// Every worker the page starts, kept so that the app can end one that stops answering: gloo-worker starts
// them and keeps the handle to itself, and asks a worker to close with a message, which a worker stuck in a
// loop never reads (src/ui/worker_handles.rs). A pool claims its worker as soon as it starts it; the one
// left unclaimed is the app's solver worker.
if (globalThis.Worker) {
    const NativeWorker = globalThis.Worker;
    const unclaimed = [];
    globalThis.Worker = class extends NativeWorker {
        constructor(...args) {
            super(...args);
            unclaimed.push(this);
        }
    };
    globalThis.spragueWorkers = {
        claimLast: () => unclaimed.pop() ?? null,
        endUnclaimed: () => unclaimed.splice(0).forEach((worker) => worker.terminate()),
    };
}

const { default: init } = await import(params.get('js'));
await init({ module_or_path: params.get('wasm') });
