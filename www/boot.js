// Starts the app. It lives outside index.html so that the Content-Security-Policy can forbid inline
// scripts; Trunk passes the hashed names of the app's JS and wasm in this script's query (see Trunk.toml).
const params = new URL(import.meta.url).searchParams;
const { default: init } = await import(params.get('js'));
await init({ module_or_path: params.get('wasm') });
