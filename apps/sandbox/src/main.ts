/**
 * `pnpm --filter @stream/sandbox start`: starts the sandbox with the env settings, prints how to
 * use it, and stops cleanly (server, then database) on SIGINT or SIGTERM.
 */
import { FAMILY_ACCOUNT, NO_LICENCE_ACCOUNT, startSandbox } from './index.js';

async function main(): Promise<void> {
  const sandbox = await startSandbox({ log: process.env.SANDBOX_LOG !== '0' });
  const banner = [
    '',
    '  @stream sandbox is running',
    `  URL           ${sandbox.url}`,
    `  Realm         ${sandbox.realm}   (header Realm)`,
    `  API key       ${sandbox.apiKey}   (header x-api-key)`,
    `  Demo account  ${sandbox.demoAccount.email} / ${sandbox.demoAccount.password}`,
    `  No licences   ${NO_LICENCE_ACCOUNT.email} / ${NO_LICENCE_ACCOUNT.password}`,
    `  Household     ${FAMILY_ACCOUNT.email} / ${FAMILY_ACCOUNT.password}   (profiles ${[FAMILY_ACCOUNT.name, ...FAMILY_ACCOUNT.profiles.map((p) => p.name)].join(', ')}; ${FAMILY_ACCOUNT.profiles.find((p) => p.type === 'CHILD')?.name} is a child; parental PIN ${FAMILY_ACCOUNT.pin})`,
    `  Database      ${sandbox.database}`,
    `  Health        ${sandbox.url}/health`,
    `  Answer checks ${sandbox.checkAnswers ? 'on: an answer that breaks its contract is a 500 and a log line' : 'off'}   (SANDBOX_CHECK_ANSWERS)`,
    `  Admin key     ${sandbox.adminKey}   (header x-sandbox-admin-key; the /_sandbox pages ask for it once)`,
    `  Email outbox  ${sandbox.url}/_sandbox/outbox/page   (reset, magic-link and confirmation emails)`,
    `  OpenID user   oidc.user@idp.test / idp-password   (the "Continue with Stream ID (OpenID)" button)`,
    '',
  ];
  console.log(banner.join('\n'));

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[sandbox] ${signal}: stopping`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[sandbox] failed to stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[sandbox] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
