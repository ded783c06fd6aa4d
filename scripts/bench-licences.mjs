// Part 5 of `pnpm bench` (scripts/bench.mjs), run in a process of its own so that the bench's
// own heap (Playwright, esbuild) does not weigh on the figure: validates with the contract and
// derives the account page's subscriptions for 1,000 licences, and prints the timings as JSON.
// Input: the path of a JSON file holding the answer `{ licences: [...] }` (1,000 licences).
// What is ours: validating the answer with its contract (licencesResponseSchema, as the client
// does) and deriving what the account page shows (accountSubscriptions), from the JSON value.
// JSON.parse of the text is the browser's cost of any JSON answer: measured on its own. Node runs
// here what the browser runs: the contracts are zod/mini, whose objects never compile code
// (zod's `new Function` JIT is in classic zod's objects only, and the web's CSP forbids eval
// anyway); { jitless: true } keeps it so should that change. Each run validates a value of its
// own, parsed just before (untimed), as each answer is fresh. The budget is for the steady
// state, measured as benchmark tools measure it: the median of RUNS runs after WARM_UP runs
// (until then V8 is still compiling the code, and a median of the first runs mixes its tiers by
// chance). The very first, cold run is printed on its own.
import { readFileSync } from 'node:fs';
import { licencesResponseSchema } from '@stream/core/contracts';
import { accountSubscriptions } from '@stream/core/domain';

const RUNS = 50;
const WARM_UP = 30;
const body = readFileSync(process.argv[2], 'utf8');
const nowMs = Date.now();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const deriveOnce = () => {
  const value = JSON.parse(body);
  const start = performance.now();
  const parsed = licencesResponseSchema.parse(value, { jitless: true });
  accountSubscriptions(parsed.licences, { nowMs, locale: 'en-gb' });
  return performance.now() - start;
};
const cold = deriveOnce();
for (let i = 1; i < WARM_UP; i += 1) deriveOnce();
const derive = median(Array.from({ length: RUNS }, deriveOnce));
const jsonParse = median(
  Array.from({ length: RUNS }, () => {
    const start = performance.now();
    JSON.parse(body);
    return performance.now() - start;
  }),
);
console.log(JSON.stringify({ runs: RUNS, warmUp: WARM_UP, derive, cold, jsonParse, bytes: body.length }));
