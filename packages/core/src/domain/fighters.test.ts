import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIGHT_RESULTS,
  WEIGHT_CLASSES,
  WEIGHT_CLASS_LIMIT_LB,
  WIN_METHODS,
  WOMENS_WEIGHT_CLASSES,
  fighterRecord,
  fighterRecordText,
  isFightResult,
  isWeightClass,
  isWinMethod,
  isWomensWeightClass,
  type FightResult,
} from './index.js';

/** The win methods as commerce-and-account-data.md §3 "Fighter enumerations" words them. */
const SPEC_WIN_METHODS =
  'decision, majority, split, unanimous, disqualified, knockout, submission, stoppage, overturned, could not continue, other, unknown';

/** "could not continue" → `couldNotContinue`: the module's rule for the spec's words. */
const lowerCamelCase = (words: string) =>
  words.split(' ').map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');

describe('fighter enumerations (§3)', () => {
  it('has the twelve win methods and three results of the spec, each once', () => {
    expect(WIN_METHODS).toEqual(SPEC_WIN_METHODS.split(', ').map(lowerCamelCase));
    expect(FIGHT_RESULTS).toEqual(['win', 'loss', 'noContest']);
    expect(isWinMethod('couldNotContinue')).toBe(true);
    expect(isWinMethod('could not continue')).toBe(false);
    expect(isFightResult('noContest')).toBe(true);
    expect(isFightResult('draw')).toBe(false);
  });

  it('has men\'s and women\'s weight classes, each with a limit, lightest first within each', () => {
    expect(new Set(WEIGHT_CLASSES).size).toBe(WEIGHT_CLASSES.length);
    expect(WOMENS_WEIGHT_CLASSES).toEqual(['womensStrawweight', 'womensFlyweight', 'womensBantamweight', 'womensFeatherweight']);
    expect(isWomensWeightClass('womensFlyweight')).toBe(true);
    expect(isWomensWeightClass('flyweight')).toBe(false);
    expect(isWeightClass('catchweight')).toBe(false);
    const mens = WEIGHT_CLASSES.filter((c) => !isWomensWeightClass(c)).map((c) => WEIGHT_CLASS_LIMIT_LB[c]);
    const womens = WOMENS_WEIGHT_CLASSES.map((c) => WEIGHT_CLASS_LIMIT_LB[c]);
    for (const limits of [mens, womens]) expect([...limits].sort((a, b) => a - b)).toEqual(limits);
  });
});

describe('fighterRecord', () => {
  it('counts wins, losses and no contests', () => {
    const record = fighterRecord(['win', 'win', 'loss', 'noContest', 'win']);
    expect(record).toEqual({ wins: 3, losses: 1, noContests: 1 });
    expect(fighterRecordText(record)).toBe('3-1-1');
    expect(fighterRecord(['win', 'draw' as FightResult])).toEqual({ wins: 1, losses: 0, noContests: 0 });
    expect(fighterRecord(null as unknown as FightResult[])).toEqual({ wins: 0, losses: 0, noContests: 0 });
  });

  it('the three counts add up to the number of results, each count matches its result (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FIGHT_RESULTS)), (results) => {
        const { wins, losses, noContests } = fighterRecord(results);
        expect(wins + losses + noContests).toBe(results.length);
        expect(wins).toBe(results.filter((r) => r === 'win').length);
        expect(noContests).toBe(results.filter((r) => r === 'noContest').length);
      }),
    );
  });

  it('does not depend on the order of the fights (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FIGHT_RESULTS)), (results) => {
        expect(fighterRecord([...results].reverse())).toEqual(fighterRecord(results));
      }),
    );
  });
});
