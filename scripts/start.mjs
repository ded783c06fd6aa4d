// `npm start`: installs what is missing (Debian's ffmpeg too), builds, generates the sandbox's
// media once (HLS assets, cached in the data directory), starts the sandbox platform and the web app,
// and prints both URLs and the seeded demo account. Ctrl-C stops both.
// Env: SANDBOX_PORT (8787), WEB_PORT (5173), SANDBOX_DATA_DIR (.data/sandbox),
// API_BASE_URL / REALM / API_KEY to point the web app at another platform; SANDBOX_ADMIN_KEY (random).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { build, ensureDependencies, ensureFfmpeg, ensurePnpm, prepareMedia, root, startChild, step, waitForHttp } from './lib.mjs';

const sandboxPort = process.env.SANDBOX_PORT ?? '8787';
const webPort = process.env.WEB_PORT ?? '5173';
const apiBaseUrl = process.env.API_BASE_URL ?? `http://127.0.0.1:${sandboxPort}`;
const useSandbox = !process.env.API_BASE_URL;
// The key of the sandbox's own controls and pages (/_sandbox/*): SANDBOX_ADMIN_KEY, else a new random one per start.
const adminKey = process.env.SANDBOX_ADMIN_KEY?.trim() || randomBytes(24).toString('base64url');

ensurePnpm();
ensureDependencies();
if (useSandbox) ensureFfmpeg();
build();
if (useSandbox) prepareMedia();

const children = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 5000);
  timer.unref();
  Promise.all(children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)))
    .then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

if (useSandbox) {
  step(`Starting the sandbox platform on ${apiBaseUrl}`);
  // The sandbox prefixes its own lines with [sandbox].
  const sandbox = startChild(null, join(root, 'apps/sandbox/node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: join(root, 'apps/sandbox'),
    // SANDBOX_WEB_URL: the links of the sandbox's emails open this web app.
    env: { ...process.env, SANDBOX_PORT: sandboxPort, SANDBOX_WEB_URL: process.env.SANDBOX_WEB_URL ?? `http://127.0.0.1:${webPort}`, SANDBOX_ADMIN_KEY: adminKey },
  });
  children.push(sandbox);
  sandbox.on('exit', (code) => { if (!stopping) { console.error(`sandbox exited (${code})`); stop(1); } });
  await waitForHttp(`${apiBaseUrl}/health`);
}

step(`Starting the web app on http://127.0.0.1:${webPort}`);
const web = startChild('web', process.execPath, [join(root, 'scripts/serve-web.mjs')], {
  env: { ...process.env, WEB_PORT: webPort, API_BASE_URL: apiBaseUrl },
});
children.push(web);
web.on('exit', (code) => { if (!stopping) { console.error(`web app exited (${code})`); stop(1); } });
await waitForHttp(`http://127.0.0.1:${webPort}/config.json`);

console.log(`
\u2714 @stream is running
  Web app:          http://127.0.0.1:${webPort}
  Platform API:     ${apiBaseUrl}${useSandbox ? ' (local sandbox)' : ''}
${useSandbox ? `  Demo account:     demo@stream.test / demo-password
  Other accounts:   nolicence@stream.test (no licence), family@stream.test (profiles Alex, Jordan and the child Sam; parental PIN 1234),
                    admin@stream.test (an administrator: the /_admin previews), each with demo-password
  Admin key:        ${adminKey} (the /_sandbox pages ask for it once; tools send it as x-sandbox-admin-key)
  Email outbox:     ${apiBaseUrl}/_sandbox/outbox/page (password reset, magic link, confirmation)
  OpenID sign-in:   oidc.user@idp.test / idp-password (also the OAuth partner and the Apple, Google, Facebook stand-ins; social.user@idp.test too)
  PBR / SPTV:       pbr.demo / pbr-password, sptv.demo / sptv-password
  OPIN / GIGYA:     opin.demo@opin.test / opin-password, gigya.demo@gigya.test / gigya-password
  Firebase:         sign up on /login/firebase (the Firebase Auth emulator starts with the sandbox; it can take a minute)
  TV provider:      tv.viewer@northwind.test / tv-password (any operator: tv.viewer@<operator>.test, docs/sandbox.md "Adobe Pass and TV")
  TV device login:  ${apiBaseUrl}/_sandbox/tv shows a code; confirm it on /tv-login when signed in
  Other realms:     stream-single, stream-closed, stream-tv (docs/sandbox.md "Seed")
` : ''}  Press Ctrl-C to stop.
`);
