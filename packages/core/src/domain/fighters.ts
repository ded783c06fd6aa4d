import { isOneOf } from './oneOf.js';

/**
 * Fighter enumerations and a fighter's record. Implements commerce-and-account-data.md §3
 * "Fighter enumerations: win methods: decision, majority, split, unanimous, disqualified,
 * knockout, submission, stoppage, overturned, could not continue, other, unknown. Results: win,
 * loss, noContest. Weight classes include women's classes (list not shown)."
 *
 * Identifiers are the spec's words in lower camel case: "could not continue" is
 * `couldNotContinue`, "no contest" is `noContest` (the spec's own spelling). The weight classes
 * are this project's choice, since the spec does not list them: the eight men's and four women's
 * divisions of the Unified Rules of MMA as the largest promotions use them, women's classes
 * prefixed `womens` (`womensStrawweight`).
 */

/** How a fight was won (§3), in the spec's order. */
export const WIN_METHODS = [
  'decision',
  'majority',
  'split',
  'unanimous',
  'disqualified',
  'knockout',
  'submission',
  'stoppage',
  'overturned',
  'couldNotContinue',
  'other',
  'unknown',
] as const;

/** One win method of {@link WIN_METHODS}. */
export type WinMethod = (typeof WIN_METHODS)[number];

/** A fighter's result in one fight (§3). */
export const FIGHT_RESULTS = ['win', 'loss', 'noContest'] as const;

/** One result of {@link FIGHT_RESULTS}. */
export type FightResult = (typeof FIGHT_RESULTS)[number];

/** The weight classes, men's then women's, each lightest first (this project's list; see the module note). */
export const WEIGHT_CLASSES = [
  ...['flyweight', 'bantamweight', 'featherweight', 'lightweight', 'welterweight', 'middleweight', 'lightHeavyweight', 'heavyweight'],
  ...['womensStrawweight', 'womensFlyweight', 'womensBantamweight', 'womensFeatherweight'],
] as const;

/** One weight class of {@link WEIGHT_CLASSES}. */
export type WeightClass = (typeof WEIGHT_CLASSES)[number];

/** The women's classes of {@link WEIGHT_CLASSES}. */
export const WOMENS_WEIGHT_CLASSES: readonly WeightClass[] = WEIGHT_CLASSES.filter((c) => c.startsWith('womens'));

/**
 * The upper weight limit of each class, in pounds (the Unified Rules of MMA; heavyweight's limit
 * is 265 lb). Display in kilograms with `Math.round(lb * 0.45359237)`.
 */
export const WEIGHT_CLASS_LIMIT_LB: Readonly<Record<WeightClass, number>> = Object.freeze({
  flyweight: 125,
  bantamweight: 135,
  featherweight: 145,
  lightweight: 155,
  welterweight: 170,
  middleweight: 185,
  lightHeavyweight: 205,
  heavyweight: 265,
  womensStrawweight: 115,
  womensFlyweight: 125,
  womensBantamweight: 135,
  womensFeatherweight: 145,
});

/** True when `value` is one of {@link WIN_METHODS}. */
export function isWinMethod(value: unknown): value is WinMethod {
  return isOneOf(WIN_METHODS, value);
}

/** True when `value` is one of {@link FIGHT_RESULTS}. */
export function isFightResult(value: unknown): value is FightResult {
  return isOneOf(FIGHT_RESULTS, value);
}

/** True when `value` is one of {@link WEIGHT_CLASSES}. */
export function isWeightClass(value: unknown): value is WeightClass {
  return isOneOf(WEIGHT_CLASSES, value);
}

/** True for a women's weight class. */
export function isWomensWeightClass(value: unknown): boolean {
  return isWeightClass(value) && WOMENS_WEIGHT_CLASSES.includes(value);
}

/** A fighter's record: wins, losses and no contests. */
export interface FighterRecord {
  wins: number;
  losses: number;
  noContests: number;
}

/**
 * The record of a list of fight results: how many are `win`, `loss` and `noContest`. Values that
 * are not a {@link FightResult} are not counted, so the three counts add up to the number of
 * valid results. Pure, never throws (not an array → all zero).
 */
export function fighterRecord(results: readonly FightResult[]): FighterRecord {
  const record: FighterRecord = { wins: 0, losses: 0, noContests: 0 };
  if (!Array.isArray(results)) return record;
  for (const result of results) {
    if (result === 'win') record.wins += 1;
    else if (result === 'loss') record.losses += 1;
    else if (result === 'noContest') record.noContests += 1;
  }
  return record;
}

/** A record as it is printed: `wins-losses-noContests`, for example `21-3-1`. */
export function fighterRecordText(record: FighterRecord): string {
  return `${record.wins}-${record.losses}-${record.noContests}`;
}
